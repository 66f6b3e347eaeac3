// Package conncap caps the connections a server holds, per client address
// and in all, so that one client cannot run the process out of file
// descriptors. Over a cap, the surplus is closed rather than refused later:
// first the idle keep-alive connections (the least recently used), then, for
// the address over its own cap, its oldest connections handed to another
// owner (parked long-polls and streams), and only when none of those is
// left the new connection itself.
package conncap

import (
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"

	"github.com/hanabi-server/hanabi/internal/connwrap"
	"github.com/hanabi-server/hanabi/internal/netaddr"
)

// Listener accepts through the caps. Set its ConnState as the
// http.Server's ConnState, so that it knows which connections are idle.
type Listener struct {
	net.Listener
	perAddr, total int

	mu     sync.Mutex
	conns  map[*conn]struct{}
	byAddr map[string]map[*conn]struct{} // conns by address: a victim of one is found among its own
}

// New caps ln: at most perAddr connections from one client address and
// total in all; 0 turns a cap off.
func New(ln net.Listener, perAddr, total int) *Listener {
	return &Listener{Listener: ln, perAddr: perAddr, total: total, conns: map[*conn]struct{}{}, byAddr: map[string]map[*conn]struct{}{}}
}

type state uint8

const (
	active state = iota
	idle
	handedOff // hijacked: a parked long-poll or a stream
)

type conn struct {
	net.Conn
	l     *Listener
	addr  string
	state state
	since time.Time
	once  sync.Once
}

// Accept returns the next connection within the caps; surplus connections
// are closed here and never reach the server.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := hostOf(c.RemoteAddr())
		if cc := l.admit(c, addr); cc != nil {
			return cc, nil
		}
		c.Close()
	}
}

func (l *Listener) admit(c net.Conn, addr string) *conn {
	l.mu.Lock()
	var victims []*conn
	// take makes room by closing a victim; false: there is none.
	take := func(v *conn) bool {
		if v == nil {
			return false
		}
		l.forgetLocked(v)
		victims = append(victims, v)
		return true
	}
	ok := true
	if l.perAddr > 0 && len(l.byAddr[addr]) >= l.perAddr {
		ok = take(l.victimLocked(addr, true))
	}
	if ok && l.total > 0 && len(l.conns) >= l.total {
		ok = take(l.victimLocked("", false))
	}
	var cc *conn
	if ok {
		cc = &conn{Conn: c, l: l, addr: addr, since: time.Now()}
		l.conns[cc] = struct{}{}
		if l.byAddr[addr] == nil {
			l.byAddr[addr] = map[*conn]struct{}{}
		}
		l.byAddr[addr][cc] = struct{}{}
	}
	l.mu.Unlock()
	for _, v := range victims {
		v.Conn.Close()
	}
	return cc
}

// victimLocked picks the connection to close: the least recently idle one
// (of addr, when given), else, when handedOff is allowed, addr's oldest
// handed-off one.
func (l *Listener) victimLocked(addr string, handedOffToo bool) *conn {
	var idlest, oldest *conn
	among := l.conns
	if addr != "" {
		among = l.byAddr[addr]
	}
	for c := range among {
		switch {
		case c.state == idle && (idlest == nil || c.since.Before(idlest.since)):
			idlest = c
		case c.state == handedOff && handedOffToo && (oldest == nil || c.since.Before(oldest.since)):
			oldest = c
		}
	}
	if idlest != nil {
		return idlest
	}
	return oldest
}

func (l *Listener) forgetLocked(c *conn) {
	if _, ok := l.conns[c]; !ok {
		return
	}
	delete(l.conns, c)
	if delete(l.byAddr[c.addr], c); len(l.byAddr[c.addr]) == 0 {
		delete(l.byAddr, c.addr)
	}
}

// ConnState follows the server's view of each connection.
func (l *Listener) ConnState(nc net.Conn, s http.ConnState) {
	c, _ := connwrap.Find[*conn](nc) // under tls.Conn, the parking listener's kept connections
	if c == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch s {
	case http.StateIdle:
		c.state, c.since = idle, time.Now()
	case http.StateNew, http.StateActive:
		c.state = active
	case http.StateHijacked:
		c.state, c.since = handedOff, time.Now()
	}
}

func (c *conn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.forgetLocked(c)
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// NetConn, CloseWrite and SyscallConn pass through, for wrappers that look
// for the connection underneath, net/http's graceful close and probes of
// the socket.
func (c *conn) NetConn() net.Conn { return c.Conn }

func (c *conn) CloseWrite() error                     { return connwrap.CloseWrite(c.Conn, c.Close) }
func (c *conn) SyscallConn() (syscall.RawConn, error) { return connwrap.SyscallConn(c.Conn) }

// hostOf is the client a connection comes from: an IPv6 address by its /64
// (netaddr.Key).
func hostOf(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return netaddr.Key(ta.IP.String())
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return netaddr.Key(host)
}
