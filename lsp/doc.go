// Package lsp is budgetlint's language server: it speaks the Language
// Server Protocol over a stream (stdio in `budgetlint lsp`) and shows the
// passes' findings and suggested fixes in editors, beside gopls.
//
// It analyses a file's package with budgetlint's own driver
// (internal/driver), in this process, with every open document as an
// overlay, so unsaved text is what is analysed. Each run computes the
// facts of the package's dependencies itself or takes them from the
// driver's cache, with the findings they were computed with: what a file
// shows never depends on the order files were opened in. (Run as go vet's
// tool, a package first analysed as a dependency, for facts only, was
// replayed from go vet's cache when it was opened itself: nothing shown.)
//
// Hostile or huge input costs bounded memory and linear time: a message
// over MaxMessage (64 MiB) is answered with an error and skipped, never
// read into memory; positions are converted through a line index built
// once per version of a document. An edit stops the analysis of the
// version before it, at the next package the driver would check. Exit,
// the end of the stream or a signal stops the server as promptly: the go
// command listing packages is interrupted (on Unix with every process it
// started, killed if still there after 5 s), and the server's temporary
// directory (the go command's work directories) is removed.
//
// Routine progress goes to the client's log at the Log level; only errors
// go to stderr too, since editors log a server's stderr as errors.
//
// The protocol is small enough here (document sync, diagnostics, quick
// fixes, log messages) that the server carries its own JSON-RPC 2.0
// framing and the few protocol types it uses, rather than a library.
package lsp
