//go:build unix

package api

import (
	"errors"
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
