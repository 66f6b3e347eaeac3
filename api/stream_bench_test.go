package api

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/variants"
)

// rawStream is one NDJSON stream read straight off a TCP connection, so
// that the client's own cost in the measurement stays small: a goroutine and
// a 4 KiB buffer.
type rawStream struct {
	conn net.Conn
}

// openRawStream sends the request and reads the response head; the events
// are read by follow.
func openRawStream(addr, id string) (*rawStream, *bufio.Reader, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(conn, "GET /v1/games/%s/events HTTP/1.1\r\nHost: bench\r\nAccept: application/x-ndjson\r\n\r\n", id)
	br := bufio.NewReaderSize(conn, 4096)
	status, err := br.ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		conn.Close()
		return nil, nil, fmt.Errorf("stream: %q %v", status, err)
	}
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			conn.Close()
			return nil, nil, err
		}
		if line == "\r\n" {
			break
		}
	}
	return &rawStream{conn: conn}, br, nil
}

var seqPrefix = []byte(`{"seq":`)

// follow reads events (lines of the chunked body that start with {"seq":)
// and calls got with each seq until the connection ends.
func (r *rawStream) follow(br *bufio.Reader, got func(seq int)) {
	defer r.conn.Close()
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return
		}
		if !bytes.HasPrefix(line, seqPrefix) {
			continue // chunk sizes, heartbeats
		}
		rest := line[len(seqPrefix):]
		end := bytes.IndexByte(rest, ',')
		if end < 0 {
			continue
		}
		if seq, err := strconv.Atoi(string(rest[:end])); err == nil {
			got(seq)
		}
	}
}

// BenchmarkStreams1000 holds 1,000 NDJSON streams on one game and makes
// moves; each op is one move answered and delivered to every stream. It
// reports the heap and stacks held per open stream (the server's and this
// client's together), the delivery latency from the move's request to a
// stream reading its event (p50, p99; it includes the move itself, whose
// answer takes post-p50-ms), and the fan-out's spread: from the first
// stream reading an event to the last (p99 over moves).
func BenchmarkStreams1000(b *testing.B) {
	const n = 1000
	e := startEnv(b, filepath.Join(b.TempDir(), "hanabi.db"), true, nil)
	addr := strings.TrimPrefix(e.url, "http://")

	// Each game gets its own counters, so that the streams of a finished
	// game never count for the next.
	type round struct {
		sent [256]atomic.Int64 // when the move of each seq was sent
		got  [256]atomic.Int32 // how many streams read each seq
		// first and last stream to read each seq: the fan-out's own spread
		first, last [256]atomic.Int64
	}
	var (
		mu     sync.Mutex
		lat    []time.Duration
		spread []time.Duration
		posts  []time.Duration
		tb     *table
		cur    *round
	)
	games := 0
	open := func() {
		games++
		tb = e.newTable("basic", 2, variants.Options{}, fmt.Sprint("bench-streams-", games))
		rd := &round{}
		cur = rd
		for range n {
			rs, br, err := openRawStream(addr, tb.id)
			if err != nil {
				b.Fatal(err)
			}
			go rs.follow(br, func(seq int) {
				if seq >= len(rd.sent) {
					return
				}
				now := time.Now().UnixNano()
				rd.first[seq].CompareAndSwap(0, now)
				rd.last[seq].Store(now)
				if t0 := rd.sent[seq].Load(); t0 != 0 {
					d := time.Duration(now - t0)
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				}
				rd.got[seq].Add(1)
			})
		}
		for e.srv.streams.open.Load() != n {
			time.Sleep(time.Millisecond)
		}
	}

	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	g0 := runtime.NumGoroutine()
	open()
	runtime.GC()
	runtime.ReadMemStats(&m1)
	perStream := float64((m1.HeapInuse+m1.StackInuse)-(m0.HeapInuse+m0.StackInuse)) / n
	goroutines := float64(runtime.NumGoroutine()-g0) / n

	b.ResetTimer()
	for b.Loop() {
		if tb.local.Over() {
			b.StopTimer()
			open()
			b.StartTimer()
		}
		seq := tb.local.Turn() + 1
		cur.sent[seq].Store(time.Now().UnixNano())
		a := tb.pick()
		t0 := time.Now()
		r := e.req("POST", "/v1/games/"+tb.id+"/actions", tb.tokens[tb.local.Current()], tb.request(a))
		if r.status != http.StatusOK {
			b.Fatalf("status %d: %s", r.status, r.body)
		}
		posts = append(posts, time.Since(t0))
		tb.local.Apply(a)
		for cur.got[seq].Load() < n {
			time.Sleep(50 * time.Microsecond)
		}
		mu.Lock()
		spread = append(spread, time.Duration(cur.last[seq].Load()-cur.first[seq].Load()))
		mu.Unlock()
	}
	b.StopTimer()
	mu.Lock()
	defer mu.Unlock()
	ms := func(ds []time.Duration, q int) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)*q/100].Microseconds()) / 1000
	}
	if len(lat) > 0 {
		b.ReportMetric(ms(lat, 50), "p50-ms")
		b.ReportMetric(ms(lat, 99), "p99-ms")
		b.ReportMetric(ms(posts, 50), "post-p50-ms")
		b.ReportMetric(ms(spread, 99), "fanout-p99-ms")
	}
	b.ReportMetric(perStream, "bytes/stream")
	b.ReportMetric(goroutines, "goroutines/stream")
}
