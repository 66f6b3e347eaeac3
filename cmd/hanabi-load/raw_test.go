package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The hand-written client reads what a Go server sends: a body with its
// length, a chunked one, none at all, and one answer after another on one
// connection; and it sends what the server reads.
func TestRawConn(t *testing.T) {
	big := strings.Repeat("x", 10000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch r.URL.Path {
		case "/echo":
			w.Write(append([]byte(r.Method+" "+r.Header.Get("Authorization")+" "+r.Header.Get("Content-Type")+" "), body...))
		case "/chunked":
			w.Write([]byte(big[:5000]))
			w.(http.Flusher).Flush()
			w.Write([]byte(big[5000:]))
		case "/none":
			w.WriteHeader(http.StatusNotModified)
		}
	}))
	defer srv.Close()
	rc, err := dialRaw(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	for range 3 {
		code, body, err := rc.do("POST", "/echo", "tok", []byte(`{"a":1}`))
		if err != nil || code != 200 || string(body) != `POST Bearer tok application/json {"a":1}` {
			t.Fatalf("echo: %d %q %v", code, body, err)
		}
		code, body, err = rc.do("GET", "/chunked", "", nil)
		if err != nil || code != 200 || !bytes.Equal(body, []byte(big)) {
			t.Fatalf("chunked: %d, %d bytes, %v", code, len(body), err)
		}
		code, body, err = rc.do("GET", "/none", "", nil)
		if err != nil || code != 304 || len(body) != 0 {
			t.Fatalf("not modified: %d %q %v", code, body, err)
		}
	}
}

// The gate lets workers through while it is open, waits for those inside
// when it closes, and sends them home when the run is over.
func TestGate(t *testing.T) {
	g := newGate()
	var inside, passed atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for g.enter() {
			inside.Add(1)
			passed.Add(1)
			time.Sleep(time.Millisecond)
			inside.Add(-1)
			g.leave()
		}
	}()
	time.Sleep(20 * time.Millisecond)
	if passed.Load() != 0 {
		t.Fatal("a worker passed the gate before it opened")
	}
	g.setOpen(true)
	time.Sleep(20 * time.Millisecond)
	g.setOpen(false)
	if inside.Load() != 0 {
		t.Fatal("closing the gate did not wait for the worker inside")
	}
	n := passed.Load()
	if n == 0 {
		t.Fatal("no worker passed the open gate")
	}
	time.Sleep(20 * time.Millisecond)
	if passed.Load() != n {
		t.Fatal("a worker passed the closed gate")
	}
	g.finish()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("finish did not send the worker home")
	}
}
