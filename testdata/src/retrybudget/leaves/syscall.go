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

// A size probe: the call is made again only with a buffer grown to the
// size the kernel said it needs (ERANGE), with no wait. It is the same
// kind of idiom, not a retry of a failing operation.
func ReadXattr(ctx context.Context, path, name string) ([]byte, error) {
	size := 256
	for {
		buf := make([]byte, size)
		n, err := syscall.Getxattr(path, name, buf)
		if err == nil {
			return buf[:n], nil
		}
		if err == syscall.ERANGE {
			size *= 2
			continue
		}
		return nil, err
	}
}

// The same loop going round on any error spins after the caller's deadline.
func ReadXattrAnyway(ctx context.Context, path, name string) ([]byte, error) {
	size := 256
	for { // want `retry loop`
		buf := make([]byte, size)
		n, err := syscall.Getxattr(path, name, buf)
		if err == nil {
			return buf[:n], nil
		}
		size *= 2
	}
}
