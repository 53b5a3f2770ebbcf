// Package lsp is budgetlint's language server: it speaks the Language
// Server Protocol over a stream (stdio in `budgetlint lsp`) and shows the
// passes' findings and suggested fixes in editors, beside gopls.
//
// It analyses a file's package by running the budgetlint executable as
// `go vet -vettool=<budgetlint> -json`, with an -overlay for unsaved
// buffers. The go command caches export data and analysis facts, so a
// re-check after an edit type-checks one package, not its dependencies,
// and a check of content it has seen before is a cache hit.
//
// Hostile or huge input costs bounded memory and linear time: a message
// over MaxMessage (64 MiB) is answered with an error and skipped, never
// read into memory; positions are converted through a line index built
// once per version of a document. An edit stops the analysis of the
// version before it. Exit, the end of the stream or a signal stops the
// server at once, whatever it is doing: go vet is killed (on Unix with
// every process it started), and the server's temporary directory
// (overlays, and the go command's own work directories) is removed.
//
// The protocol is small enough here (document sync, diagnostics, quick
// fixes, log messages) that the server carries its own JSON-RPC 2.0
// framing and the few protocol types it uses, rather than a library.
package lsp
