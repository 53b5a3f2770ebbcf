package leaves

import (
	"context"
	"os"
	"syscall"
)

// A blocking lock taken again when a signal interrupts it: the kernel's
// restart idiom, not a retry. No context can bound the call itself.
func LockFile(ctx context.Context, f *os.File) error {
	lk := syscall.Flock_t{Type: syscall.F_WRLCK}
	for {
		if err := syscall.FcntlFlock(f.Fd(), syscall.F_SETLKW, &lk); err != syscall.EINTR {
			return err
		}
	}
}

// The same call taken again on any error spins after the caller's deadline.
func LockFileAnyway(ctx context.Context, f *os.File) error {
	lk := syscall.Flock_t{Type: syscall.F_WRLCK}
	for { // want `retry loop`
		if err := syscall.FcntlFlock(f.Fd(), syscall.F_SETLK, &lk); err == nil {
			return nil
		}
	}
}
