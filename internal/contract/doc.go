// Package contract holds tests, and only tests, for what the drivers other
// than budgetlint's own command expect of its analyzers: go vet's
// -vettool protocol, Bazel's nogo and golangci-lint all take a plain
// *analysis.Analyzer, configure it through Analyzer.Flags, move facts
// between packages with encoding/gob and run it inside their own process
// (so a pass must not load packages or run the go command itself).
//
// docs/nogo.md cites these tests for each promise it makes.
package contract
