package feed

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSignal: a channel taken before a Fire is closed by it; one taken
// after waits for the next.
func TestSignal(t *testing.T) {
	var s Signal
	before := s.C()
	s.Fire()
	select {
	case <-before:
	default:
		t.Fatal("a Fire did not close the channel taken before it")
	}
	after := s.C()
	select {
	case <-after:
		t.Fatal("a channel taken after the Fire is closed")
	default:
	}
	s.Fire()
	<-after
}

// TestOnFire: a function given to OnFire runs at every Fire, until its
// stop.
func TestOnFire(t *testing.T) {
	var s Signal
	ran := make(chan struct{}, 4)
	stop := s.OnFire(func() { ran <- struct{}{} })
	for range 2 {
		s.Fire()
		select {
		case <-ran:
		case <-time.After(5 * time.Second):
			t.Fatal("a Fire did not run the function")
		}
	}
	stop()
	s.Fire()
	select {
	case <-ran:
		t.Fatal("a Fire after stop ran the function")
	case <-time.After(20 * time.Millisecond):
	}
}

// TestHub: a topic wakes its own watchers alone; PublishAll wakes all; a
// topic nobody watches is forgotten.
func TestHub(t *testing.T) {
	var h Hub[string]
	a, b := h.Watch("a"), h.Watch("b")
	ca, cb := a.Changed(), b.Changed()
	h.Publish("a")
	select {
	case <-ca:
	default:
		t.Fatal("a was not woken")
	}
	select {
	case <-cb:
		t.Fatal("b was woken by a's publish")
	default:
	}
	h.PublishAll()
	<-cb
	if n := h.Watching("a"); n != 1 {
		t.Fatalf("watching a: %d", n)
	}
	a.Close()
	b.Close()
	if len(h.topics) != 0 {
		t.Fatalf("topics left: %v", h.topics)
	}
	h.Publish("a") // nobody: nothing happens
}

var errSignedOut = errors.New("signed out")

// stillUnless is a credential's check that fails once gone is set.
func stillUnless(gone *atomic.Bool) func(context.Context) error {
	return func(context.Context) error {
		if gone.Load() {
			return errSignedOut
		}
		return nil
	}
}

// fakeSource is a feed of n entries, Pos.N 1..n, which Append grows.
type fakeSource struct {
	mu    sync.Mutex
	sig   Signal
	n     int64
	end   bool
	err   error
	fresh int // fresh reads
	page  int // entries a page at most (0: all)
}

func (f *fakeSource) Changed() <-chan struct{} { return f.sig.C() }

func (f *fakeSource) Read(_ context.Context, after Pos, fresh bool) (Page, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fresh {
		f.fresh++
	}
	if f.err != nil {
		return Page{}, f.err
	}
	p := Page{Last: after}
	for i := after.N + 1; i <= f.n; i++ {
		if f.page > 0 && len(p.Entries) == f.page {
			p.More = true
			break
		}
		p.Last = Pos{N: i, Sub: -1}
		p.Entries = append(p.Entries, Entry{Pos: p.Last, Type: "e"})
	}
	p.End = f.end && p.Last.N == f.n
	return p, nil
}

func (f *fakeSource) append(k int64, end bool) {
	f.mu.Lock()
	f.n += k
	f.end = end
	f.mu.Unlock()
	f.sig.Fire()
}

func pollPage(ctx context.Context, src Source, after Pos, wait time.Duration, w Wait) (Page, error) {
	return Poll(ctx, src.Changed, func(ctx context.Context, fresh, final bool) (Page, bool) {
		p, err := src.Read(ctx, after, fresh)
		return p, err == nil && (len(p.Entries) > 0 || final)
	}, wait, w)
}

func TestPoll(t *testing.T) {
	ctx := context.Background()
	t.Run("at once", func(t *testing.T) {
		src := &fakeSource{n: 2}
		p, err := pollPage(ctx, src, Pos{N: 1}, time.Minute, Wait{})
		if err != nil || len(p.Entries) != 1 || p.Last.N != 2 || src.fresh != 1 {
			t.Fatalf("%+v %v, %d fresh reads", p, err, src.fresh)
		}
	})
	t.Run("woken", func(t *testing.T) {
		src := &fakeSource{n: 2}
		go func() { time.Sleep(10 * time.Millisecond); src.append(1, false) }()
		p, err := pollPage(ctx, src, Pos{N: 2}, time.Minute, Wait{})
		if err != nil || len(p.Entries) != 1 || p.Last.N != 3 {
			t.Fatalf("%+v %v", p, err)
		}
	})
	t.Run("run out, then fresh", func(t *testing.T) {
		src := &fakeSource{n: 2}
		p, err := pollPage(ctx, src, Pos{N: 2}, 10*time.Millisecond, Wait{})
		if err != nil || len(p.Entries) != 0 || src.fresh != 2 {
			t.Fatalf("%+v %v, %d fresh reads", p, err, src.fresh)
		}
	})
	t.Run("shutdown answers", func(t *testing.T) {
		src := &fakeSource{n: 2}
		stop := make(chan struct{})
		close(stop)
		if _, err := pollPage(ctx, src, Pos{N: 2}, time.Minute, Wait{Stop: stop}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a credential that stops", func(t *testing.T) {
		src := &fakeSource{n: 2}
		gone := errors.New("signed out")
		go func() { time.Sleep(10 * time.Millisecond); src.append(1, false) }()
		_, err := pollPage(ctx, src, Pos{N: 2}, time.Minute, Wait{Still: func(context.Context) error { return gone }})
		if !errors.Is(err, gone) {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("a credential that stops, woken by its own signal", func(t *testing.T) {
		src := &fakeSource{n: 2}
		var cred Signal
		var gone atomic.Bool
		still := stillUnless(&gone)
		go func() {
			time.Sleep(10 * time.Millisecond)
			cred.Fire() // the credential holds: the wait goes on
			time.Sleep(10 * time.Millisecond)
			gone.Store(true)
			cred.Fire()
		}()
		start := time.Now()
		_, err := pollPage(ctx, src, Pos{N: 2}, 10*time.Second, Wait{Still: still, Wake: cred.C})
		if !errors.Is(err, errSignedOut) {
			t.Fatalf("err %v", err)
		}
		if waited := time.Since(start); waited > 5*time.Second {
			t.Fatalf("the long-poll answered the sign-out after %v: at its wait's end, not at once", waited)
		}
		if src.fresh != 1 {
			t.Fatalf("%d fresh reads: a wake of the credential read the feed", src.fresh)
		}
	})
	t.Run("client gone", func(t *testing.T) {
		src := &fakeSource{n: 2}
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := pollPage(cctx, src, Pos{N: 2}, time.Minute, Wait{}); !errors.Is(err, context.Canceled) {
			t.Fatalf("err %v", err)
		}
	})
}

// recorder is an Out that keeps what it is sent.
type recorder struct {
	mu      sync.Mutex
	entries []Pos
	beats   int
	gone    chan struct{}
	sent    chan struct{}
}

func newRecorder() *recorder {
	return &recorder{gone: make(chan struct{}), sent: make(chan struct{}, 64)}
}

func (r *recorder) Send(es []Entry) bool {
	r.mu.Lock()
	for _, e := range es {
		r.entries = append(r.entries, e.Pos)
	}
	r.mu.Unlock()
	r.sent <- struct{}{}
	return true
}

func (r *recorder) Beat() bool {
	r.mu.Lock()
	r.beats++
	r.mu.Unlock()
	r.sent <- struct{}{}
	return true
}

func (r *recorder) Gone() <-chan struct{} { return r.gone }

func (r *recorder) got() ([]Pos, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Pos(nil), r.entries...), r.beats
}

// stream runs Stream on src from after as a follower would: the first
// page read fresh after taking the signal.
func stream(src *fakeSource, after Pos, out Out, beat <-chan time.Time, w Wait) chan bool {
	done := make(chan bool, 1)
	ch := src.Changed()
	first, _ := src.Read(context.Background(), after, true)
	go func() { done <- Stream(context.Background(), src, first, ch, out, beat, nil, w) }()
	return done
}

func TestStream(t *testing.T) {
	t.Run("every entry once, in pages, to the end", func(t *testing.T) {
		src := &fakeSource{n: 5, page: 2}
		rec := newRecorder()
		done := stream(src, Pos{N: 1}, rec, nil, Wait{})
		for range 2 {
			<-rec.sent
		}
		src.append(3, true)
		if ended := <-done; !ended {
			t.Fatal("the stream did not come to its end")
		}
		got, _ := rec.got()
		for i, p := range got {
			if p.N != int64(i+2) {
				t.Fatalf("entries %v", got)
			}
		}
		if len(got) != 7 {
			t.Fatalf("entries %v", got)
		}
	})
	t.Run("heartbeats, and a credential that stops", func(t *testing.T) {
		src := &fakeSource{n: 1}
		rec := newRecorder()
		beat := make(chan time.Time)
		var stop sync.Once
		signedOut := make(chan struct{})
		still := func(context.Context) error {
			select {
			case <-signedOut:
				return errors.New("signed out")
			default:
				return nil
			}
		}
		done := stream(src, Pos{N: 1}, rec, beat, Wait{Still: still})
		beat <- time.Now()
		<-rec.sent
		stop.Do(func() { close(signedOut) })
		beat <- time.Now()
		if ended := <-done; !ended {
			t.Fatal("a signed-out stream did not end")
		}
		if _, beats := rec.got(); beats != 2 {
			t.Fatalf("%d beats", beats)
		}
	})
	t.Run("a credential that stops, woken by its own signal", func(t *testing.T) {
		src := &fakeSource{n: 1}
		rec := newRecorder()
		var cred Signal
		var gone atomic.Bool
		still := stillUnless(&gone)
		done := stream(src, Pos{N: 1}, rec, nil, Wait{Still: still, Wake: cred.C})
		cred.Fire() // the credential holds: the stream goes on
		select {
		case <-done:
			t.Fatal("a stream whose credential holds ended")
		case <-time.After(20 * time.Millisecond):
		}
		gone.Store(true)
		cred.Fire()
		select {
		case ended := <-done:
			if !ended {
				t.Fatal("a signed-out stream says its reader went")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a signed-out stream, with no heartbeat and no entry, did not end")
		}
	})
	t.Run("the reader goes", func(t *testing.T) {
		src := &fakeSource{n: 1}
		rec := newRecorder()
		done := stream(src, Pos{N: 1}, rec, nil, Wait{})
		close(rec.gone)
		if ended := <-done; ended {
			t.Fatal("a stream whose reader went says it ended")
		}
	})
	t.Run("a read that fails", func(t *testing.T) {
		src := &fakeSource{n: 1}
		rec := newRecorder()
		done := stream(src, Pos{N: 1}, rec, nil, Wait{})
		src.mu.Lock()
		src.err = errors.New("left the seat")
		src.mu.Unlock()
		src.sig.Fire()
		if ended := <-done; !ended {
			t.Fatal("a stream whose feed refused it did not end")
		}
	})
}

// BenchmarkSignalC is what every waiter of a game pays on each wake: many
// goroutines asking one signal for its channel at once.
func BenchmarkSignalC(b *testing.B) {
	var s Signal
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = s.C()
		}
	})
}

// TestUnexpired: a read of a pruned feed answers its entries unless its
// horizon, asked after them, lies past the reader's position; position 0
// asks no horizon; a failed read or horizon answers its error.
func TestUnexpired(t *testing.T) {
	boom := errors.New("boom")
	for _, c := range []struct {
		name     string
		readErr  error
		after    int64
		gone     int64
		goneErr  error
		want     error
		n        int
		horizons int
	}{
		{"from the start", nil, 0, 9, nil, nil, 2, 0},
		{"below the horizon", nil, 3, 9, nil, ErrExpired, 0, 1},
		{"just below it", nil, 8, 9, nil, ErrExpired, 0, 1},
		{"at the horizon", nil, 9, 9, nil, nil, 2, 1},
		{"nothing forgotten", nil, 3, 0, nil, nil, 2, 1},
		{"the read fails", boom, 3, 9, nil, boom, 0, 0},
		{"the horizon fails", nil, 3, 0, boom, boom, 0, 1},
	} {
		asked := 0
		entries := []int{1, 2}
		if c.readErr != nil {
			entries = nil
		}
		got, err := Unexpired(entries, c.readErr, c.after, func() (int64, error) { asked++; return c.gone, c.goneErr })
		if !errors.Is(err, c.want) || len(got) != c.n || asked != c.horizons {
			t.Errorf("%s: %v, %v, the horizon asked %d times; want %d entries, %v, %d", c.name, got, err, asked, c.n, c.want, c.horizons)
		}
	}
}
