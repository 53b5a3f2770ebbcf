//go:build !unix

package lsp

import "os/exec"

// killGroup leaves cmd's cancellation as it is, killing the go command
// only: there are no process groups to kill here.
func killGroup(cmd *exec.Cmd) {}
