//go:build unix

package lsp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Stopping while go vet runs (it was left running, at 65% CPU, with the
// overlay directory): on exit, at the end of the stream or on a signal,
// the server returns without waiting for the analysis, with the go
// command and what it started killed and its temporary directory
// (overlays, and the go command's work directories) removed. The go
// command here is a script that starts a child, as go vet starts the
// vet tool, and waits for it.
func TestStopDuringAnalysis(t *testing.T) {
	for _, how := range []string{"exit", "end of stream", "signal"} {
		t.Run(how, func(t *testing.T) {
			state := t.TempDir()
			goCmd := filepath.Join(state, "go")
			script := fmt.Sprintf(`#!/bin/sh
[ "$1" = env ] && exit 0
mkdir "$GOTMPDIR/go-build1"
for a; do case "$a" in -overlay=*) echo "${a#-overlay=}" >'%[1]s/overlay';; esac; done
echo "$GOTMPDIR" >'%[1]s/gotmpdir'
sleep 600 &
echo $! >'%[1]s/child.tmp' && mv '%[1]s/child.tmp' '%[1]s/child'
wait
`, state)
			if err := os.WriteFile(goCmd, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c, code := startContext(t, ctx, Options{Go: goCmd, Tool: "budgetlint"}, nil)
			initialize(c, nil)
			file := filepath.Join(t.TempDir(), "a.go")
			open(c, file, 1, "package p\n") // not saved: analysed through an overlay

			pid, err := strconv.Atoi(waitFile(t, filepath.Join(state, "child")))
			if err != nil {
				t.Fatal(err)
			}
			defer syscall.Kill(pid, syscall.SIGKILL)
			tmp, overlay := waitFile(t, filepath.Join(state, "gotmpdir")), waitFile(t, filepath.Join(state, "overlay"))
			if filepath.Dir(overlay) != tmp {
				t.Errorf("overlay %s, go command's GOTMPDIR %s: want the same directory", overlay, tmp)
			}

			want := 1
			switch how {
			case "exit":
				c.call("shutdown", nil)
				c.notify("exit", nil)
				want = 0
			case "end of stream":
				c.w.(io.Closer).Close()
			case "signal":
				cancel()
			}
			select {
			case got := <-code:
				if got != want {
					t.Errorf("status %d, want %d", got, want)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the server did not stop while go vet ran")
			}
			if _, err := os.Stat(tmp); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s left behind (%v)", tmp, err)
			}
			if !gone(pid) {
				t.Errorf("the go command's child %d left running", pid)
			}
		})
	}
}

// waitFile returns the trimmed content of name once it exists.
func waitFile(t *testing.T, name string) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(name); err == nil {
			return strings.TrimSpace(string(b))
		}
	}
	t.Fatalf("%s was not written", name)
	return ""
}

// gone reports whether process pid has ended (a zombie has: here nobody
// may reap orphans), waiting a while for the kill to land.
func gone(pid int) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			return true
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
			if _, after, ok := bytes.Cut(stat, []byte(") ")); ok && len(after) > 0 && after[0] == 'Z' {
				return true
			}
		}
	}
	return false
}
