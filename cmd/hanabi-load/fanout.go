package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// runFanout holds o.waiters long-polls spread over o.games games, reads the
// server's memory before and after they arrive, then makes one move in every
// game and times how long each waiter takes to hear of it.
func runFanout(ctx context.Context, c *client, o options) error {
	type game struct {
		tokens [2]string
		view   seatView
		moved  atomic.Int64 // unix nanos of the move's request
	}
	// The moves go 8 at a time, each on a connection of these.
	const movers = 8
	movingConns := make(chan *rawConn, movers)
	for range movers {
		rc, err := dialRaw(ctx, c.base)
		if err != nil {
			return err
		}
		defer rc.Close()
		movingConns <- rc
	}
	games := make([]*game, o.games)
	for i := range games {
		rc := <-movingConns
		tokens, v, err := newGameRaw(rc, o.variant)
		movingConns <- rc
		if err != nil {
			return err
		}
		games[i] = &game{tokens: tokens, view: v}
	}
	before, err := serverMemory(ctx, c)
	if err != nil {
		return err
	}

	lat := make([]time.Duration, o.waiters)
	conns := make([]net.Conn, o.waiters)
	defer func() {
		for _, cn := range conns {
			if cn != nil {
				cn.Close()
			}
		}
	}()
	var failed atomic.Int64
	var wg sync.WaitGroup
	streams := int(float64(o.waiters) * o.streams)
	for w := range o.waiters {
		g := games[w%len(games)]
		wg.Go(func() {
			// The first waiters long-poll the view, the others follow the
			// game's event stream; each is timed as the answer arrives,
			// before the driver reads anything of it, so that what it
			// reports is the server's time more than the driver's.
			path := fmt.Sprintf("/v1/games/%s?since=%d&wait=300s", g.view.ID, g.view.Version)
			if w >= o.waiters-streams {
				path = "/v1/games/" + g.view.ID + "/events/ndjson?after=0" // a new game: no event yet
			}
			cn, at, ok, err := c.waitRaw(ctx, path, g.view.Version, o.gzip)
			conns[w] = cn
			if err != nil || !ok {
				failed.Add(1)
				return
			}
			lat[w] = at.Sub(time.Unix(0, g.moved.Load()))
		})
	}
	// Let every request reach the server and park.
	if err := awaitWaiters(ctx, c, o.waiters); err != nil {
		fmt.Println("note:", err)
	}
	after, err := serverMemory(ctx, c)
	if err != nil {
		return err
	}
	held := after
	if o.hold > 0 {
		fmt.Printf("holding %d long-polls for %s\n", o.waiters, o.hold)
		time.Sleep(o.hold)
		// The runtime collects an idle heap only every two minutes and then
		// returns memory gradually: a long hold shows the steady state.
		if held, err = serverMemory(ctx, c); err != nil {
			return err
		}
	}

	moves := make([]time.Duration, len(games))
	var moving sync.WaitGroup
	for i, g := range games {
		rc := <-movingConns
		moving.Go(func() {
			defer func() { movingConns <- rc }()
			body := appendMove(nil, &g.view, 0, 0)
			start := time.Now()
			g.moved.Store(start.UnixNano())
			var res struct{}
			err := rc.call("POST", "/v1/games/"+g.view.ID+"/actions", g.tokens[0], body, &res)
			if err != nil && o.hold > 0 {
				// A long hold outlives the server's idle timeout: the
				// mover's kept-alive connection is gone, not the server.
				if fresh, derr := dialRaw(ctx, c.base); derr == nil {
					rc.Close()
					rc = fresh
					err = rc.call("POST", "/v1/games/"+g.view.ID+"/actions", g.tokens[0], body, &res)
				}
			}
			if err != nil {
				fmt.Println("move failed:", err)
			}
			moves[i] = time.Since(start)
		})
	}
	wg.Wait()
	moving.Wait()
	slices.Sort(moves)
	if n := failed.Load(); n > 0 {
		return fmt.Errorf("%d of %d long-polls failed", n, o.waiters)
	}
	slices.Sort(lat)
	fmt.Printf("%d waiting long-polls over %d games\n", o.waiters, o.games)
	for _, m := range []string{"process_resident_memory_bytes", "go_memstats_heap_inuse_bytes", "go_memstats_heap_alloc_bytes", "go_memstats_stack_inuse_bytes"} {
		d := after[m] - before[m]
		fmt.Printf("%-32s before %7.1f MB  after %7.1f MB  per waiter %6.1f KB\n", m, before[m]/1e6, after[m]/1e6, d/float64(o.waiters)/1e3)
		if o.hold > 0 {
			d := held[m] - before[m]
			fmt.Printf("%-32s        after holding %7.1f MB  per waiter %6.1f KB\n", "", held[m]/1e6, d/float64(o.waiters)/1e3)
		}
	}
	fmt.Printf("%-32s before %7.0f     after %7.0f\n", "go_goroutines", before["go_goroutines"], after["go_goroutines"])
	// first: how long before any waiter heard (the server's work before its
	// first write); the rest is the writes' spread.
	fmt.Printf("wake-up latency: first %s  p50 %s  p90 %s  p99 %s  max %s (from the move's request)\n", pct(lat, 0), pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 100))
	fmt.Printf("the moves (%d at a time): p50 %s  p99 %s\n", movers, pct(moves, 50), pct(moves, 99))
	return nil
}

// waitRaw sends one GET on a connection of its own, as a browser tab or a
// spectator would, and reads until the answer tells of a version past
// version: a long-poll's answer whole (its version past it: a wait that
// ran out answers the view unchanged, no wake-up), or a stream's first
// event. at is when that arrived. With gz it takes gzip, and reads the
// version once the whole answer is there.
func (c *client) waitRaw(ctx context.Context, path string, version int64, gz bool) (cn net.Conn, at time.Time, ok bool, err error) {
	u, err := url.Parse(c.base)
	if err != nil {
		return nil, at, false, err
	}
	if cn, err = spreadDial(ctx, "tcp", u.Host); err != nil {
		return nil, at, false, err
	}
	_ = cn.SetDeadline(time.Now().Add(c.http.Timeout))
	accept := ""
	if gz {
		accept = "Accept-Encoding: gzip\r\n"
	}
	if _, err := fmt.Fprintf(cn, "GET %s HTTP/1.1\r\nHost: %s\r\n%s\r\n", path, u.Host, accept); err != nil {
		return cn, at, false, err
	}
	buf := make([]byte, 0, 16<<10)
	head, length := -1, -1
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := cn.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err != nil {
			return cn, at, false, err
		}
		if head < 0 {
			if head = bytes.Index(buf, []byte("\r\n\r\n")); head < 0 {
				continue
			}
			head += 4
			if !bytes.HasPrefix(buf, []byte("HTTP/1.1 200")) {
				return cn, at, false, fmt.Errorf("%s: %q", path, buf[:min(len(buf), 64)])
			}
			if i := bytes.Index(bytes.ToLower(buf[:head]), []byte("content-length: ")); i >= 0 {
				length, _ = strconv.Atoi(string(buf[i+16 : i+16+bytes.IndexByte(buf[i+16:], '\r')]))
			}
		}
		body := buf[head:]
		switch {
		case length >= 0 && len(body) >= length: // a long-poll's answer
			at = time.Now()
			if hdr := bytes.ToLower(buf[:head]); bytes.Contains(hdr, []byte("content-encoding: gzip")) {
				// The version from the ETag ("v<version>-..."): inflating
				// each answer here would hold up the reads of the others
				// on the driver's one thread.
				i := bytes.Index(hdr, []byte(`etag: "v`))
				if i < 0 {
					return cn, at, false, fmt.Errorf("%s: a gzipped answer without an ETag", path)
				}
				i += len(`etag: "v`)
				v, _ := strconv.ParseInt(string(hdr[i:i+bytes.IndexByte(hdr[i:], '-')]), 10, 64)
				return cn, at, v > version, nil
			}
			i := bytes.Index(body, []byte(`"version":`))
			v, _ := strconv.ParseInt(string(body[i+10:i+10+bytes.IndexAny(body[i+10:], ",}")]), 10, 64)
			return cn, at, i >= 0 && v > version, nil
		case length < 0 && bytes.Contains(body, []byte(`{"seq":`)): // a stream's first event
			return cn, time.Now(), true, nil
		}
	}
}

// serverMemory reads the Prometheus gauges of the server's memory.
func serverMemory(ctx context.Context, c *client) (map[string]float64, error) {
	out := map[string]float64{}
	err := scrape(ctx, c, func(name string, v float64) { out[name] = v })
	return out, err
}

// awaitWaiters polls /metrics until the server's waiting long-poll gauge
// reaches n, or gives up after a while (then the figures are a lower bound).
func awaitWaiters(ctx context.Context, c *client, n int) error {
	deadline := time.Now().Add(60 * time.Second)
	seen := -1.0
	for time.Now().Before(deadline) {
		seen = -1
		err := scrape(ctx, c, func(name string, v float64) {
			if strings.Contains(name, "long_poll") || strings.Contains(name, "longpoll") || name == "hanabi_streams_open" {
				seen = max(seen, 0) + v
			}
		})
		if err == nil && seen >= float64(n) {
			time.Sleep(500 * time.Millisecond)
			return nil
		}
		time.Sleep(250 * time.Millisecond)
	}
	return fmt.Errorf("server reported %.0f waiting long-polls and streams, not %d", seen, n)
}

func scrape(ctx context.Context, c *client, f func(string, float64)) error {
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/metrics", nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, val, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, "{")
		if v, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
			f(name, v)
		}
	}
	return sc.Err()
}
