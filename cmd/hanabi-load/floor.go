package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// floorEnv, when set ("<waiters> <bytes>"), makes the driver the floor's
// writing side instead of a driver.
const floorEnv = "HANABI_LOAD_FLOOR"

// floorResult is what the floor's readers saw.
type floorResult struct {
	lat     []time.Duration // from the first write, sorted; one a complete answer
	failed  int             // readers without their whole answer
	setup   time.Duration   // to dial and park every connection
	writes  time.Duration   // the writing side's time to write every answer
	writers int
}

// runFloor reports the floor under -mode fanout's wake-up latency on this
// machine: one answer written at once to o.waiters parked connections by a
// side that does nothing else.
func runFloor(ctx context.Context, o options) error {
	r, err := floor(ctx, o.waiters, o.floorBytes)
	if err != nil {
		return err
	}
	fmt.Printf("floor: %d connections over loopback, one %d-byte answer to each, written by %d goroutines of a second process (set up in %s)\n",
		o.waiters, o.floorBytes, r.writers, r.setup.Round(time.Millisecond))
	fmt.Printf("the writes took %s; the last answer arrived %s after the first write began\n", r.writes.Round(10*time.Microsecond), pct(r.lat, 100))
	fmt.Printf("answer latency: p50 %s  p90 %s  p99 %s  max %s (from the first write)\n", pct(r.lat, 50), pct(r.lat, 90), pct(r.lat, 99), pct(r.lat, 100))
	return nil
}

// floor parks waiters connections on a writing side, starts it writing and
// times each answer's arrival. The writing side is a second process, the
// driver itself again: as in -mode fanout a server's process writes and
// another reads, and one process holding both ends of 10,000 connections
// would pass a common limit of 20,000 open files.
func floor(ctx context.Context, waiters, size int) (floorResult, error) {
	var res floorResult
	exe, err := os.Executable()
	if err != nil {
		return res, err
	}
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), floorEnv+"="+strconv.Itoa(waiters)+" "+strconv.Itoa(size))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return res, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return res, err
	}
	if err := cmd.Start(); err != nil {
		return res, err
	}
	defer cmd.Wait()
	defer in.Close() // the writing side ends when its input does
	said := bufio.NewScanner(out)
	next := func(want string) ([]string, error) {
		if !said.Scan() {
			return nil, fmt.Errorf("floor's writing side ended: %v", said.Err())
		}
		f := strings.Fields(said.Text())
		if len(f) == 0 || f[0] != want {
			return nil, fmt.Errorf("floor's writing side: %q", said.Text())
		}
		return f[1:], nil
	}
	f, err := next("addr")
	if err != nil {
		return res, err
	}
	addr := f[0]

	answer := floorAnswer(size)
	start := time.Now()
	ats := make([]time.Time, waiters)
	// The connections stay open until every answer is in: a reader that
	// closed its own early would load the loopback while others still wait.
	held, release := context.WithCancel(ctx)
	defer release()
	// A few dials at a time: 10,000 at once overflow the listen backlog
	// and wait out SYN retries, which only slows the setup.
	dials := make(chan struct{}, 64)
	var failed atomic.Int64
	var wg sync.WaitGroup
	for w := range waiters {
		wg.Go(func() {
			dials <- struct{}{}
			cn, err := spreadDial(ctx, "tcp", addr)
			if err == nil {
				context.AfterFunc(held, func() { cn.Close() })
				_, err = io.WriteString(cn, "GET /floor HTTP/1.1\r\nHost: "+addr+"\r\n\r\n")
			}
			<-dials
			if err != nil {
				fmt.Fprintln(os.Stderr, "floor:", err)
				failed.Add(1)
				return
			}
			_ = cn.SetReadDeadline(time.Now().Add(2 * time.Minute))
			at, got, err := readAnswer(cn, len(answer))
			if err != nil || !bytes.Equal(got, answer) {
				failed.Add(1)
				return
			}
			ats[w] = at
		})
	}
	if _, err := next("parked"); err != nil {
		return res, err
	}
	res.setup = time.Since(start)
	if _, err := io.WriteString(in, "go\n"); err != nil {
		return res, err
	}
	f, err = next("wrote")
	if err != nil {
		return res, err
	}
	began, _ := strconv.ParseInt(f[0], 10, 64)
	ended, _ := strconv.ParseInt(f[1], 10, 64)
	res.writers, _ = strconv.Atoi(f[2])
	res.writes = time.Duration(ended - began)
	wg.Wait()
	// Both processes read the same wall clock.
	t0 := time.Unix(0, began)
	for _, at := range ats {
		if !at.IsZero() {
			res.lat = append(res.lat, at.Sub(t0))
		}
	}
	slices.Sort(res.lat)
	res.failed = int(failed.Load())
	if res.failed > 0 {
		return res, fmt.Errorf("%d of %d floor readers did not get the whole answer", res.failed, waiters)
	}
	return res, nil
}

// floorAnswer is the one answer of the floor: HTTP/1.1's head and size
// bytes of body, a view's worth by default.
func floorAnswer(size int) []byte {
	b := fmt.Appendf(nil, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", size)
	return append(b, bytes.Repeat([]byte("x"), size)...)
}

// readAnswer reads one answer of n bytes, blocking in Read as -mode
// fanout's waiters do, and tells when the last of it arrived.
func readAnswer(cn net.Conn, n int) (time.Time, []byte, error) {
	buf := make([]byte, n)
	got := 0
	for got < n {
		k, err := cn.Read(buf[got:])
		got += k
		if err != nil && got < n {
			return time.Time{}, buf[:got], err
		}
	}
	return time.Now(), buf, nil
}

// serveFloor is the floor's writing side: it parks the readers'
// connections, each once its request has come, and on its input's word
// writes the answer to every one from as many goroutines as it has
// threads, nothing else running.
func serveFloor(spec string) error {
	var waiters, size int
	if _, err := fmt.Sscan(spec, &waiters, &size); err != nil {
		return fmt.Errorf("%s=%q: %w", floorEnv, spec, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer ln.Close()
	fmt.Printf("addr %s\n", ln.Addr())
	conns := make([]net.Conn, 0, waiters)
	var mu sync.Mutex
	var parked sync.WaitGroup
	parked.Add(waiters)
	go func() {
		for {
			cn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				// The request is read whole, as a server would before it
				// parks the connection.
				req := make([]byte, 0, 256)
				for !bytes.Contains(req, []byte("\r\n\r\n")) {
					if len(req) == cap(req) {
						cn.Close()
						return
					}
					k, err := cn.Read(req[len(req):cap(req)])
					req = req[:len(req)+k]
					if err != nil {
						cn.Close()
						return
					}
				}
				mu.Lock()
				conns = append(conns, cn)
				mu.Unlock()
				parked.Done()
			}()
		}
	}()
	parked.Wait()
	fmt.Println("parked")
	stdin := bufio.NewScanner(os.Stdin)
	if !stdin.Scan() || stdin.Text() != "go" {
		return errors.New("floor: no word to write")
	}
	answer := floorAnswer(size)
	writers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var failed atomic.Int64
	began := time.Now()
	for w := range writers {
		wg.Go(func() {
			for i := w; i < len(conns); i += writers {
				if _, err := conns[i].Write(answer); err != nil {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	ended := time.Now()
	if n := failed.Load(); n > 0 {
		fmt.Fprintf(os.Stderr, "floor: %d writes failed\n", n)
	}
	fmt.Printf("wrote %d %d %d\n", began.UnixNano(), ended.UnixNano(), writers)
	// The readers' connections stay open until the driver is done.
	io.Copy(io.Discard, os.Stdin)
	for _, cn := range conns {
		cn.Close()
	}
	return nil
}
