// Package connwrap is what every wrapper of an accepted connection (the
// connection caps, the long-polls' parker, the answers' gatherer) passes
// through to the connection it wraps, and how one wrapper finds its own
// under the others: each names the connection it wraps by NetConn, as
// tls.Conn does.
package connwrap

import (
	"errors"
	"net"
	"syscall"
)

// Wrapper is a connection that names the one it wraps.
type Wrapper interface {
	NetConn() net.Conn
}

// CloseWrite shuts the writing side of under, for net/http's graceful
// close; a connection that has none is closed whole, by closeAll (the
// wrapper's own Close, which may keep books of its own).
func CloseWrite(under net.Conn, closeAll func() error) error {
	if cw, ok := under.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return closeAll()
}

// SyscallConn is under's raw socket, for probes of it.
func SyscallConn(under net.Conn) (syscall.RawConn, error) {
	if sc, ok := under.(syscall.Conn); ok {
		return sc.SyscallConn()
	}
	return nil, errors.ErrUnsupported
}

// Find is the connection of type T among nc and those it wraps, the
// first found from the outside in.
func Find[T net.Conn](nc net.Conn) (T, bool) {
	for nc != nil {
		if c, ok := nc.(T); ok {
			return c, true
		}
		w, ok := nc.(Wrapper)
		if !ok {
			break
		}
		nc = w.NetConn()
	}
	var zero T
	return zero, false
}

// Socket is the innermost connection under nc's wrappers.
func Socket(nc net.Conn) net.Conn {
	for {
		w, ok := nc.(Wrapper)
		if !ok {
			return nc
		}
		nc = w.NetConn()
	}
}
