package stdlib

import (
	"context"
	"os/exec"
)

// A command built here and run by whoever gets it: returned, stored, or
// started and left running, its process outlives the call on purpose, and
// exec.CommandContext(ctx) would kill it with the request.
func newShim(ctx context.Context, bin string) (*exec.Cmd, error) {
	cmd := exec.Command(bin, "start")
	cmd.Dir = "/"
	return cmd, nil
}

func helperCmd(ctx context.Context, bin string) *exec.Cmd {
	return exec.Command(bin, "serve")
}

type output struct{ cmd *exec.Cmd }

func (o *output) Connect(ctx context.Context, bin string) error {
	cmd := exec.Command(bin)
	go func() { _, _ = cmd.Output() }()
	return nil
}

func (o *output) Keep(ctx context.Context, bin string) error {
	o.cmd = exec.Command(bin)
	return o.cmd.Start()
}

func StartDaemon(ctx context.Context, bin string) error {
	cmd := exec.Command(bin, "--daemon")
	return cmd.Start()
}

// Run, or started and waited for here, the process is this call's work.
func RunTool(ctx context.Context, bin string) error {
	cmd := exec.Command(bin, "--check") // want `exec.Command cannot be cancelled when the caller gives up; use exec.CommandContext\(ctx, ...\)`
	cmd.Dir = "/"
	return cmd.Run()
}

func StartAndWait(ctx context.Context, bin string) error {
	cmd := exec.Command(bin) // want `exec.Command cannot be cancelled when the caller gives up; use exec.CommandContext\(ctx, ...\)`
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Wait()
}
