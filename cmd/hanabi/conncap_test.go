package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/models/storetest"
)

// startServe runs serve on a free port and returns its address and stop,
// which shuts it down and returns what serve returned (also run when the
// test ends, if the test did not).
func startServe(t *testing.T, tweak func(*serveConfig)) (addr string, stop func() error) {
	t.Helper()
	addrc := make(chan net.Addr, 1)
	c := serveConfig{
		addr: "127.0.0.1:0", databaseURL: "sqlite://" + filepath.Join(t.TempDir(), "serve.db"),
		tokenTTL: time.Hour, maxWait: 30 * time.Second, shutdownTimeout: 10 * time.Second,
		onListen: func(a net.Addr) { addrc <- a },
	}
	if tweak != nil {
		tweak(&c)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, c, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	var once sync.Once
	var result error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case result = <-done:
			case <-time.After(10 * time.Second):
				result = errors.New("serve did not return within 10 s of its shutdown")
			}
		})
		return result
	}
	t.Cleanup(func() { _ = stop() })
	select {
	case a := <-addrc:
		return a.String(), stop
	case err := <-done:
		t.Fatalf("serve: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("the server did not start")
	}
	return "", stop
}

// keepAlive opens a connection from local, makes one request on it and
// leaves it open and idle, as a flood of keep-alive clients does.
func keepAlive(t *testing.T, local, addr string) net.Conn {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("the flood's request %v", err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return c
}

// TestOneAddressCannotExhaustConnections: one address holding thousands of
// idle keep-alive connections keeps at most its cap of them open, and a new
// client, from another address or its own, is still served at once.
func TestOneAddressCannotExhaustConnections(t *testing.T) {
	storetest.EachBackend(t, "serve_", func(t *testing.T, dbURL string) {
		connectionFlood(t, dbURL)
	})
}

func connectionFlood(t *testing.T, dbURL string) {
	const perIP, flood = 50, 1500
	addr, _ := startServe(t, func(c *serveConfig) { c.databaseURL, c.maxConnsPerIP, c.maxConns = dbURL, perIP, 400 })
	conns := make([]net.Conn, 0, flood)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range flood {
		conns = append(conns, keepAlive(t, "127.0.0.1", addr))
	}
	// Closed by the server: a read answers at once with EOF. The server
	// closes the surplus as the flood arrives, and the last closes may
	// still be on their way when the last dial returns: count again for a
	// moment until the connections left open are within the cap.
	closed := make([]bool, len(conns))
	open := 0
	for try := 0; try < 30; try++ {
		open = 0
		for i, c := range conns {
			if closed[i] {
				continue
			}
			c.SetReadDeadline(time.Now().Add(time.Millisecond))
			if _, err := c.Read(make([]byte, 1)); err != nil {
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					open++
					continue
				}
			}
			closed[i] = true
		}
		if open <= perIP {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if open > perIP {
		t.Errorf("the flooding address still holds %d connections; the cap is %d", open, perIP)
	}
	for _, local := range []string{"127.0.0.2", "127.0.0.1"} {
		cl := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}).DialContext}}
		start := time.Now()
		res, err := cl.Get("http://" + addr + "/v1/variants")
		if err != nil {
			t.Fatalf("a fresh client from %s was not served within 2 s: %v", local, err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("a fresh client from %s: %d", local, res.StatusCode)
		}
		t.Logf("a fresh client from %s served in %v while %d flood connections were tried", local, time.Since(start).Round(time.Millisecond), flood)
	}
}
