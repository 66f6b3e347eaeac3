package models

import (
	"context"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// announcement is one change another replica announced.
type announcement struct {
	game  string
	stamp play.Stamp
}

// hear listens to what s hears from the other replicas.
func hear(s *Store) <-chan announcement {
	ch := make(chan announcement, 64)
	s.Listen(func(id string, st play.Stamp) {
		select {
		case ch <- announcement{id, st}:
		default:
		}
	})
	return ch
}

// heardOf waits for an announcement about game within d and returns its
// stamp; "" waits for one about any game.
func heardOf(ch <-chan announcement, game string, d time.Duration) (play.Stamp, bool) {
	timeout := time.After(d)
	for {
		select {
		case a := <-ch:
			if a.game == game {
				return a.stamp, true
			}
		case <-timeout:
			return play.Stamp{}, false
		}
	}
}

// TestWritesAnnounceTheirStamp: every change through store A (a join, an
// append, a note) reaches store B's listener with the stamp it left the
// game at, and A's own too: the whole stamp, which the database tells.
func TestWritesAnnounceTheirStamp(t *testing.T) {
	dbURL := postgresURL(t)
	ctx := context.Background()
	a, b := openStore(t, dbURL), openStore(t, dbURL)
	fromA, fromB := hear(a), hear(b)
	g := newGame(t, a, 2)
	join(t, a, g.ID, "Bob")
	if st, ok := heardOf(fromB, g.ID, 5*time.Second); !ok || st.Version != 1 {
		t.Fatalf("a join on A: B heard %+v %v, want version 1", st, ok)
	}
	if err := appendEntry(ctx, a, g.ID, Action{Seq: 0}.entry(), "", 1, nil); err != nil {
		t.Fatal(err)
	}
	if st, ok := heardOf(fromB, g.ID, 5*time.Second); !ok || st.Version != 2 {
		t.Fatalf("an append on A: B heard %+v %v, want version 2", st, ok)
	}
	if err := a.WriteNote(ctx, g.ID, 0, play.Note{Seat: 0, Card: 1, Text: "x"}, seatOccupant(t, a, g.ID, 0)); err != nil {
		t.Fatal(err)
	}
	if st, ok := heardOf(fromB, g.ID, 5*time.Second); !ok || st.NotesRev != 1 {
		t.Fatalf("a note on A: B heard %+v %v, want notes 1", st, ok)
	}
	for _, want := range []play.Stamp{{Version: 1}, {Version: 2}, {Version: 2, NotesRev: 1}} {
		if st, ok := heardOf(fromA, g.ID, 5*time.Second); !ok || st != want {
			t.Fatalf("A heard its own change as %+v %v, want %+v", st, ok, want)
		}
	}
}

// TestListenerReconnect kills the listener's connection: the store tells
// that any game may have changed (a change may have been missed), the
// listener comes back, and a later write on another replica is heard again. The store's log tells
// the loss and the return, through the logger it was opened with.
func TestListenerReconnect(t *testing.T) {
	dbURL := postgresURL(t)
	ctx := context.Background()
	var logs syncLog
	a, b := openStore(t, dbURL), openStore(t, dbURL, WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	g := newGame(t, a, 2)
	ch := hear(b)

	pid := b.listener.pid.Load()
	var killed bool
	if err := a.rdb().row(ctx, "SELECT pg_terminate_backend($1)", []any{int(pid)}, &killed); err != nil || !killed {
		t.Fatalf("pg_terminate_backend(%d) = %v, %v", pid, killed, err)
	}
	if _, ok := heardOf(ch, "", 5*time.Second); !ok {
		t.Fatal("losing the listener's connection did not tell that any game may have changed")
	}
	deadline := time.Now().Add(10 * time.Second)
	for b.listener.reconnected.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the listener did not reconnect")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if b.listener.pid.Load() == pid {
		t.Fatal("the listener kept the killed backend's pid")
	}
	if s := logs.String(); !strings.Contains(s, "level=WARN msg=\"lost the connection that listens") || !strings.Contains(s, "listening for other replicas' changes again") {
		t.Fatalf("the log does not tell the listener's loss and return:\n%s", s)
	}
	if err := appendEntry(ctx, a, g.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := heardOf(ch, g.ID, 5*time.Second); !ok {
		t.Fatal("after the reconnect, a write on A did not reach B")
	}
}

// TestCloseTwice: Close ends the listener without hanging, and a second
// Close is harmless.
func TestCloseTwice(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s, err := Open(context.Background(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- s.Close() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Close: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Close hangs")
		}
		if err := s.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	})
}

func TestParsePayload(t *testing.T) {
	g1 := func(v, n int64) []heardGame { return []heardGame{{"g1", play.Stamp{Version: v, NotesRev: n}}} }
	tests := []struct {
		in, schema, tag string
		games           []heardGame
	}{
		{"public/:g1:7:2", "public", "", g1(7, 2)},                                                               // the games trigger's
		{"public/b.4:g1:7:2:g2:3:0", "public", "b.4", append(g1(7, 2), heardGame{"g2", play.Stamp{Version: 3}})}, // a batch's
		{"public/b.5", "public", "b.5", nil},                                                                     // a batch whose games are gone
		{"t_1/abc::0:0", "t_1", "abc", nil},
		{"public/abc:g1", "public", "abc", g1(0, 0)}, // an older replica's
		{"abc:g1", "", "", g1(0, 0)},
		{"g1", "", "", g1(0, 0)}, // sent by hand
		{":g1", "", "", g1(0, 0)},
	}
	for _, tt := range tests {
		if sc, tag, games := parsePayload(tt.in); sc != tt.schema || tag != tt.tag || !reflect.DeepEqual(games, tt.games) {
			t.Errorf("parsePayload(%q) = %q, %q, %+v; want %q, %q, %+v", tt.in, sc, tag, games, tt.schema, tt.tag, tt.games)
		}
	}
}

// TestListenerIdleCheck: the quiet-spell health checks keep the connection
// and do not lose notifications.
func TestListenerIdleCheck(t *testing.T) {
	dbURL := postgresURL(t)
	old := listenIdleCheck
	listenIdleCheck = 20 * time.Millisecond
	t.Cleanup(func() { listenIdleCheck = old })
	a, b := openStore(t, dbURL), openStore(t, dbURL)
	g := newGame(t, a, 2)
	ch := hear(b)
	pid := b.listener.pid.Load()
	time.Sleep(200 * time.Millisecond)
	if err := appendEntry(context.Background(), a, g.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := heardOf(ch, g.ID, 5*time.Second); !ok {
		t.Fatal("a write on A did not reach B after idle checks")
	}
	if b.listener.pid.Load() != pid || b.listener.reconnected.Load() != 0 {
		t.Error("idle checks replaced a healthy connection")
	}
}

// TestWakeWhileListenerIsAway: while the listener cannot get its
// connection back, every failed attempt tells that any game may have
// changed, so a change on another replica is still made known here within
// the backoff's cap, not when the listener is back.
func TestWakeWhileListenerIsAway(t *testing.T) {
	dbURL := postgresURL(t)
	ctx := context.Background()
	a, b := openStore(t, dbURL), openStore(t, dbURL)
	g := newGame(t, a, 2)
	ch := hear(b)

	b.listener.refuseUntil.Store(time.Now().Add(4 * time.Second).UnixNano())
	var killed bool
	if err := a.rdb().row(ctx, "SELECT pg_terminate_backend($1)", []any{int(b.listener.pid.Load())}, &killed); err != nil || !killed {
		t.Fatalf("pg_terminate_backend = %v, %v", killed, err)
	}
	if _, ok := heardOf(ch, "", 5*time.Second); !ok {
		t.Fatal("losing the listener's connection did not tell that any game may have changed")
	}
	time.Sleep(300 * time.Millisecond)
	for len(ch) > 0 {
		<-ch
	}
	if err := appendEntry(ctx, a, g.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, ok := heardOf(ch, "", 2*time.Second); !ok {
		t.Fatal("a write on A was not made known to B while B's listener was away")
	}
	if b.listener.reconnected.Load() != 0 {
		t.Fatal("the listener came back early; the test proves nothing")
	}
	t.Logf("woken %v after the write, the listener still away", time.Since(start).Round(time.Millisecond))
}

// syncLog is a log that a store's goroutines write while a test reads it.
type syncLog struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// TestAppendBatchCarriesTheBarrier: a reader that waits while the
// listening has a round of its own out is served by the next append batch's
// round, which costs no transaction of its own; with the batch gone the
// reader would wait out its patience (ErrNoBarrier).
func TestAppendBatchCarriesTheBarrier(t *testing.T) {
	s := openStore(t, postgresURL(t))
	g := newGame(t, s, 2)
	join(t, s, g.ID, "Bob")
	l := s.listener
	l.mu.Lock()
	l.out, l.sentAt = l.next, time.Now() // as if a round of its own were out, and slow
	l.next++
	want := l.next
	l.mu.Unlock()
	done := make(chan error, 1)
	go func() {
		_, err := s.Barrier(context.Background())
		done <- err
	}()
	for asked := uint64(0); asked < want; time.Sleep(time.Millisecond) {
		l.mu.Lock()
		asked = l.asked
		l.mu.Unlock()
	}
	if err := appendEntry(context.Background(), s, g.ID, Action{Seq: 0}.entry(), "", 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Barrier: %v, want the batch's round", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.next != want+1 || l.back != want {
		t.Errorf("rounds taken up to %d, back %d; want only the batch's, %d", l.next-1, l.back, want)
	}
}
