package main

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// replica is one server process, started again after a kill on the same
// address.
type replica struct {
	name, bin, db, addr string
	log                 *os.File

	mu  sync.Mutex
	cmd *exec.Cmd
}

func (r *replica) base() string { return "http://" + r.addr }

func (r *replica) start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	cmd := exec.Command(r.bin, "serve", "--addr", r.addr, "--database-url", r.db,
		"--rate-limit", "0", "--seat-rate-limit", "0", "--max-conns-per-ip", "0")
	cmd.Stdout, cmd.Stderr = r.log, r.log
	if err := cmd.Start(); err != nil {
		return err
	}
	r.cmd = cmd
	go func() { _ = cmd.Wait() }()
	return waitReady(r.base())
}

func (r *replica) signal(s syscall.Signal) {
	r.mu.Lock()
	defer r.mu.Unlock()
	_ = r.cmd.Process.Signal(s)
}

// waitReady waits for the server's health check to answer.
func waitReady(base string) error {
	for range 100 {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s did not start", base)
}

// freeAddr is a loopback address nothing listens on now.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// through rewrites a database URL to reach its server through addr.
func through(db, addr string) (string, string, error) {
	u, err := url.Parse(db)
	if err != nil {
		return "", "", err
	}
	target := u.Host
	if u.Port() == "" {
		target = net.JoinHostPort(u.Hostname(), "5432")
	}
	u.Host = addr
	return u.String(), target, nil
}
