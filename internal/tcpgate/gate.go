// Package tcpgate forwards TCP connections to a target, and cuts them the
// ways a network and a database server fail: held, it forwards nothing,
// accepts nothing and closes nothing (a silent partition, or a stalled
// peer); Drop closes every connection it forwards (a backend killed). The
// store's fault tests and the fault driver (cmd/hanabi-faults) put it
// between a replica and the database.
package tcpgate

import (
	"net"
	"sync"
)

// Gate is a forwarder listening on a loopback port of its own.
type Gate struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	cond  *sync.Cond
	held  bool
	conns map[net.Conn]struct{} // both ends of every forwarded connection
}

// New listens on a free loopback port and forwards to target ("host:port").
func New(target string) (*Gate, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	g := &Gate{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	g.cond = sync.NewCond(&g.mu)
	go g.serve()
	return g, nil
}

// Addr is where the gate listens.
func (g *Gate) Addr() *net.TCPAddr { return g.ln.Addr().(*net.TCPAddr) }

// Hold stops (true) or resumes (false) all forwarding.
func (g *Gate) Hold(held bool) {
	g.mu.Lock()
	g.held = held
	g.cond.Broadcast()
	g.mu.Unlock()
}

// Drop closes every connection the gate forwards now.
func (g *Gate) Drop() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.conns {
		c.Close()
	}
	clear(g.conns)
}

// Close stops listening, lets go of what is held and drops the rest.
func (g *Gate) Close() error {
	err := g.ln.Close()
	g.Hold(false)
	g.Drop()
	return err
}

func (g *Gate) wait() {
	g.mu.Lock()
	for g.held {
		g.cond.Wait()
	}
	g.mu.Unlock()
}

func (g *Gate) serve() {
	for {
		c, err := g.ln.Accept()
		if err != nil {
			return
		}
		go func() {
			g.wait()
			d, err := net.Dial("tcp", g.target)
			if err != nil {
				c.Close()
				return
			}
			g.mu.Lock()
			g.conns[c], g.conns[d] = struct{}{}, struct{}{}
			g.mu.Unlock()
			go g.pipe(d, c)
			g.pipe(c, d)
			g.mu.Lock()
			delete(g.conns, c)
			delete(g.conns, d)
			g.mu.Unlock()
		}()
	}
}

// pipe copies src to dst until either fails, waiting while the gate is
// held; it closes the other end as it ends.
func (g *Gate) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		g.wait()
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				src.Close()
				return
			}
		}
		if err != nil {
			dst.Close()
			return
		}
	}
}
