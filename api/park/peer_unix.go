//go:build unix

package park

import (
	"errors"
	"io"
	"net"
	"syscall"
)

var (
	// errCannotPeek: c is no socket, or none whose descriptor it gives.
	errCannotPeek = errors.New("park: cannot peek at the connection")
	// errNothingYet: no byte has come, and the client is still there.
	errNothingYet = errors.New("park: nothing to read yet")
)

// peek looks at what waits on c without reading it: nil when a byte does,
// io.EOF when the client closed c, the error when it reset it. With wait,
// it waits (until c's read deadline) for one of those; without, it says
// errNothingYet when none has come.
func peek(c net.Conn, wait bool) error {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return errCannotPeek
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return errCannotPeek
	}
	var buf [1]byte
	var seen error
	err = rc.Read(func(fd uintptr) bool {
		n, _, err := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EINTR):
			if wait {
				return false // nothing yet: wait until readable
			}
			seen = errNothingYet
		case err != nil:
			seen = err
		case n == 0:
			seen = io.EOF
		}
		return true
	})
	if err != nil {
		return err
	}
	return seen
}

// peerGone reports whether the client of a parked connection has closed it
// or reset it, without reading anything the connection holds; where it
// cannot tell, it says not.
func peerGone(c net.Conn) bool {
	err := peek(c, false)
	return err != nil && err != errNothingYet && err != errCannotPeek
}

// waitReadable waits until c has bytes to read, without reading them, or
// says why it never will: the client closed or reset it, or its read
// deadline passed. A connection it cannot wait on is readable at once.
func waitReadable(c net.Conn) error {
	if err := peek(c, true); err != errCannotPeek {
		return err
	}
	return nil
}
