// Package fuzz holds budgetlint's reliability tests, which need no code
// of their own outside tests:
//
//   - FuzzPasses mutates Go source (seeded from every file under the
//     repository's testdata/src), type-checks what it can, and runs every
//     pass on it despite the errors: any panic, internal error, fix that
//     does not apply, or diagnostic pointing outside the file is a bug.
//   - TestOddities runs every pass over testdata/src/oddities, packages of
//     unusual but valid Go (generics, range-over-func, method values, cgo,
//     build tags, //line directives, renamed and dot imports of context,
//     vendored code, type errors), with analysistest: findings only where
//     they are right.
//
// Plain `go test` runs the seed corpus only; fuzz with
//
//	go test -run='^$' -fuzz=FuzzPasses -parallel=1 ./internal/fuzz
package fuzz
