package gather

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

// counting counts the writes that reach the socket.
type counting struct {
	net.Listener
	writes *atomic.Int64
}

func (l counting) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{c, l.writes}, nil
}

type countingConn struct {
	net.Conn
	writes *atomic.Int64
}

func (c countingConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

// serve serves h through Listen on a loopback port; writes counts the
// writes that reach the sockets.
func serve(t testing.TB, h http.HandlerFunc) (addr string, writes *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	writes = &atomic.Int64{}
	hs := &http.Server{Handler: h}
	gl := Listen(hs, counting{ln, writes})
	var wg sync.WaitGroup
	wg.Go(func() { _ = hs.Serve(gl) })
	t.Cleanup(func() { hs.Close(); wg.Wait() })
	return ln.Addr().String(), writes
}

// answer writes body whole with its length, held when hold is set.
func answer(body []byte, hold bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		if of(r) == nil {
			panic("no connection in the request's context")
		}
		if hold {
			_, _ = Write(w, r, body)
		} else {
			_, _ = w.Write(body)
		}
	}
}

func body(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return b
}

// get sends n requests on one connection and checks each answer's body.
func get(t testing.TB, addr string, want []byte, n int) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	for range n {
		if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 || res.ContentLength != int64(len(want)) || !bytes.Equal(got, want) {
			t.Fatalf("status %d, length %d, %d bytes of body; want 200 and %d bytes", res.StatusCode, res.ContentLength, len(got), len(want))
		}
	}
}

func TestHeldAnswerLeavesInOneWrite(t *testing.T) {
	for _, size := range []int{0, 100, 3000, 5000, 8600, 40 << 10, MaxHeld + 1000} {
		for _, hold := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/held=%v", size, hold), func(t *testing.T) {
				b := body(size)
				addr, writes := serve(t, answer(b, hold))
				get(t, addr, b, 3)
				n := writes.Load()
				switch {
				case hold && size <= MaxHeld && n != 3:
					t.Errorf("%d writes for 3 held answers of %d bytes, want one each", n, size)
				case !hold && size >= 5000 && n < 6:
					t.Errorf("%d writes for 3 answers of %d bytes not held; net/http's buffer no longer splits them: is gather still needed?", n, size)
				}
			})
		}
	}
}

// A request that did not come through Listen has no Conn, and Write
// writes its body through.
func TestNoConn(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	if of(r) != nil {
		t.Fatal("a request from nowhere has a connection")
	}
	w := httptest.NewRecorder()
	b := body(5000)
	if n, err := Write(w, r, b); err != nil || n != len(b) || !bytes.Equal(w.Body.Bytes(), b) {
		t.Fatalf("wrote %d bytes (%v), %d arrived; want %d", n, err, w.Body.Len(), len(b))
	}
}

// An answer whose connection was taken over (hijacked) holds nothing:
// the goroutine that took it writes it through, even while the handler
// that gave it up still calls Write. Under the race detector this also
// holds the two goroutines' use of the connection apart.
func TestTakenOver(t *testing.T) {
	raw := "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\ntaken"
	addr, writes := serve(t, func(w http.ResponseWriter, r *http.Request) {
		g := of(r)
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		done := make(chan struct{})
		go func() { // the new owner
			defer close(done)
			for _, b := range []byte(raw) {
				if _, err := conn.Write([]byte{b}); err != nil {
					return
				}
			}
		}()
		for range 50 { // the old one, as a middleware might
			if _, err := Write(w, r, body(100)); err != http.ErrHijacked {
				t.Errorf("Write after the hijack: %v, want http.ErrHijacked", err)
				break
			}
		}
		<-done
		g.mu.Lock()
		held := g.held || g.buf != nil
		g.mu.Unlock()
		if held {
			t.Error("a hijacked answer held its connection")
		}
	})
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != raw {
		t.Fatalf("the connection's new owner wrote %q, the client read %q", raw, got)
	}
	if n := writes.Load(); n != int64(len(raw)) {
		t.Errorf("the new owner's %d writes reached the socket as %d: a hold gathered them", len(raw), n)
	}
}

// A held write that fails fails the writes after it.
func TestReleaseFails(t *testing.T) {
	a, b := net.Pipe()
	b.Close()
	c := &Conn{Conn: a}
	c.hold()
	if _, err := c.Write([]byte("x")); err != nil {
		t.Fatal("a held write failed:", err)
	}
	if err := c.release(); err == nil {
		t.Fatal("a release to a closed pipe succeeded")
	}
	if _, err := c.Write([]byte("y")); err == nil {
		t.Fatal("a write after a failed release succeeded")
	}
}

// BenchmarkAnswer is an 8.6 KB answer (a seat's view) asked for and read
// whole over loopback, held (one write) or not (two).
func BenchmarkAnswer(b *testing.B) {
	for _, hold := range []bool{false, true} {
		b.Run(fmt.Sprintf("held=%v", hold), func(b *testing.B) {
			body := body(8600)
			addr, _ := serve(b, answer(body, hold))
			c, err := net.Dial("tcp", addr)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			br := bufio.NewReader(c)
			req := []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if _, err := c.Write(req); err != nil {
					b.Fatal(err)
				}
				res, err := http.ReadResponse(br, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, res.Body); err != nil {
					b.Fatal(err)
				}
				res.Body.Close()
			}
		})
	}
}
