//go:build unix

package lsp

import (
	"os/exec"
	"syscall"
)

// killGroup makes cmd the leader of a new process group and has its
// cancellation kill the whole group: killing the go command alone would
// leave the vet tool it started running, with nobody waiting for it.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
