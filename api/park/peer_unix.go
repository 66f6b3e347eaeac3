//go:build unix

package park

import (
	"errors"
	"io"
	"net"
	"syscall"
)

// peerGone reports whether the client of a parked connection has closed it
// or reset it, without reading anything the connection holds.
func peerGone(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return true
	}
	gone := false
	var buf [1]byte
	err = rc.Read(func(fd uintptr) bool {
		n, _, err := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case err == nil:
			gone = n == 0 // EOF; a byte waiting is a client still there
		case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EINTR):
		default:
			gone = true
		}
		return true // never wait
	})
	return gone || err != nil
}

// waitReadable waits until c has bytes to read, without reading them, or
// says why it never will: the client closed or reset it, or its read
// deadline passed.
func waitReadable(c net.Conn) error {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	var buf [1]byte
	var gone error
	err = rc.Read(func(fd uintptr) bool {
		n, _, err := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EINTR):
			return false // nothing yet: wait until readable
		case err != nil:
			gone = err
		case n == 0:
			gone = io.EOF
		}
		return true
	})
	if err != nil {
		return err
	}
	return gone
}
