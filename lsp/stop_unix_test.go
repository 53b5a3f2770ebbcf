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

// Stopping while the go command lists packages (go vet was left running,
// at 65% CPU, with the overlay directory): on exit, at the end of the
// stream or on a signal, the server returns with the go command and what
// it started stopped, and the temporary directories (the go command's
// work directories, go/packages' overlay files) removed. The go command
// here is a script that starts a child which ignores interrupts, as a
// stuck compiler might, and waits for it.
func TestStopDuringAnalysis(t *testing.T) {
	for _, how := range []string{"exit", "end of stream", "signal"} {
		t.Run(how, func(t *testing.T) {
			state := t.TempDir()
			script := fmt.Sprintf(`#!/bin/sh
if [ "$1" = env ]; then [ "$2" = -json ] && echo '{}'; exit 0; fi
mkdir -p "$GOTMPDIR/go-build1"
for a; do case "$a" in -overlay=*) echo "${a#-overlay=}" >'%[1]s/overlay.tmp' && mv '%[1]s/overlay.tmp' '%[1]s/overlay';; esac; done
echo "$GOTMPDIR" >'%[1]s/gotmpdir.tmp' && mv '%[1]s/gotmpdir.tmp' '%[1]s/gotmpdir'
sleep 600 &
echo $! >>'%[1]s/children'
echo $! >'%[1]s/child.tmp' && mv '%[1]s/child.tmp' '%[1]s/child'
wait
`, state)
			if err := os.WriteFile(filepath.Join(state, "go"), []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Setenv("PATH", state+string(os.PathListSeparator)+os.Getenv("PATH"))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c, code := startContext(t, ctx, Options{}, nil) // the real driver
			initialize(c, nil)
			file := filepath.Join(t.TempDir(), "a.go")
			open(c, file, 1, "package p\n") // not saved: analysed through an overlay

			waitFile(t, filepath.Join(state, "child"))
			tmp, overlay := waitFile(t, filepath.Join(state, "gotmpdir")), waitFile(t, filepath.Join(state, "overlay"))

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
				t.Fatal("the server did not stop while the go command ran")
			}
			for _, dir := range []string{tmp, filepath.Dir(overlay)} {
				if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s left behind (%v)", dir, err)
				}
			}
			children, _ := os.ReadFile(filepath.Join(state, "children"))
			for _, line := range strings.Fields(string(children)) {
				pid, err := strconv.Atoi(line)
				if err != nil {
					t.Fatal(err)
				}
				if !gone(pid) {
					syscall.Kill(pid, syscall.SIGKILL)
					t.Errorf("the go command's child %d left running", pid)
				}
			}
		})
	}
}

// waitFile returns the trimmed content of name once it has some.
func waitFile(t *testing.T, name string) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		// The script renames each file into place once written; an empty
		// one is still being written.
		if b, err := os.ReadFile(name); err == nil && len(bytes.TrimSpace(b)) > 0 {
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
