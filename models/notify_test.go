package models

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

func TestNotifier(t *testing.T) {
	n := newNotifier()
	a, cancelA := n.subscribe("a")
	a2, cancelA2 := n.subscribe("a")
	b, cancelB := n.subscribe("b")
	defer cancelA2()

	// Two changes before the waiter looks are one wake-up, and the writer
	// never blocks.
	n.notify("a")
	n.notify("a")
	for _, ch := range []<-chan struct{}{a, a2} {
		if !received(ch, time.Second) {
			t.Fatal("waiter on a not woken")
		}
		if received(ch, 10*time.Millisecond) {
			t.Fatal("two notifications gave two wake-ups")
		}
	}
	if received(b, 10*time.Millisecond) {
		t.Fatal("waiter on b woken by a change to a")
	}
	n.wakeAll()
	if !received(b, time.Second) || !received(a, time.Second) {
		t.Fatal("wakeAll missed a waiter")
	}
	cancelA()
	cancelA() // a second cancel is harmless
	cancelB()
	if got := n.count(); got != 1 {
		t.Errorf("%d waiters after cancels, want 1", got)
	}
	n.notify("a")
	if received(a, 10*time.Millisecond) {
		t.Error("a cancelled waiter was woken")
	}
}

func TestNotifierConcurrent(t *testing.T) {
	n := newNotifier()
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			ch, cancel := n.subscribe("g")
			defer cancel()
			if i%2 == 0 {
				received(ch, time.Millisecond)
			}
		}()
		go func() {
			defer wg.Done()
			n.notify("g")
			n.wakeAll()
		}()
	}
	wg.Wait()
	if got := n.count(); got != 0 {
		t.Errorf("%d waiters left", got)
	}
}

// TestSubscribeWokenByWrites checks that joins and appends wake the game's
// waiters, and only them.
func TestSubscribeWokenByWrites(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g, other := newGame(t, s, 2), newGame(t, s, 2)
		ch, cancel := s.Subscribe(g.ID)
		defer cancel()
		otherCh, cancelOther := s.Subscribe(other.ID)
		defer cancelOther()

		writes := []struct {
			name string
			do   func() error
		}{
			{"join", func() error { join(t, s, g.ID, "Bob"); return nil }},
			{"append", func() error {
				_, err := s.AppendAction(ctx, g.ID, Action{Seq: 0}.entry(), play.StatusActive, 1, nil)
				return err
			}},
		}
		for _, w := range writes {
			if err := w.do(); err != nil {
				t.Fatalf("%s: %v", w.name, err)
			}
			if !received(ch, 5*time.Second) {
				t.Fatalf("%s did not wake the waiter", w.name)
			}
		}
		// A refused write changes nothing and need not wake anyone; a
		// change to another game must not wake this game's waiters.
		if _, err := s.AppendAction(ctx, other.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
			t.Fatal(err)
		}
		if !received(otherCh, 5*time.Second) {
			t.Fatal("the other game's waiter was not woken")
		}
		if received(ch, 100*time.Millisecond) {
			t.Error("a change to another game woke this game's waiter")
		}
		s.WakeAll()
		if !received(ch, time.Second) || !received(otherCh, time.Second) {
			t.Error("WakeAll missed a waiter")
		}
		cancel()
		cancelOther()
		if n := s.Waiters(); n != 0 {
			t.Errorf("%d waiters after cancel", n)
		}
	})
}

// TestCrossReplicaWakeUp: a write through store A wakes a waiter on store B.
func TestCrossReplicaWakeUp(t *testing.T) {
	dbURL := postgresURL(t)
	ctx := context.Background()
	a, b := openStore(t, dbURL), openStore(t, dbURL)
	g := newGame(t, a, 3)
	ch, cancel := b.Subscribe(g.ID)
	defer cancel()
	join(t, a, g.ID, "Bob")
	if !received(ch, 5*time.Second) {
		t.Fatal("a join on A did not wake a waiter on B")
	}
	if _, err := a.AppendAction(ctx, g.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
		t.Fatal(err)
	}
	if !received(ch, 5*time.Second) {
		t.Fatal("an append on A did not wake a waiter on B")
	}
}

// TestListenerReconnect kills the listener's connection: the waiters are
// woken (they may have missed a change), the listener comes back, and a
// later write on another replica wakes them again. The store's log tells
// the loss and the return, through the logger it was opened with.
func TestListenerReconnect(t *testing.T) {
	dbURL := postgresURL(t)
	ctx := context.Background()
	var logs syncLog
	a, b := openStore(t, dbURL), openStore(t, dbURL, WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	g := newGame(t, a, 2)
	ch, cancel := b.Subscribe(g.ID)
	defer cancel()

	pid := b.listener.pid.Load()
	var killed bool
	if err := a.w.Raw("SELECT pg_terminate_backend(?)", pid).Scan(&killed).Error; err != nil || !killed {
		t.Fatalf("pg_terminate_backend(%d) = %v, %v", pid, killed, err)
	}
	if !received(ch, 5*time.Second) {
		t.Fatal("losing the listener's connection did not wake the waiter")
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
	// Drain the wake-up that the reconnect itself sends.
	received(ch, 100*time.Millisecond)
	if _, err := a.AppendAction(ctx, g.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
		t.Fatal(err)
	}
	if !received(ch, 5*time.Second) {
		t.Fatal("after the reconnect, a write on A did not wake a waiter on B")
	}
}

// TestCloseWakesWaiters: Close ends the listener and releases every waiter.
func TestCloseWakesWaiters(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s, err := Open(context.Background(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		ch, cancel := s.Subscribe("any")
		defer cancel()
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
		if !received(ch, time.Second) {
			t.Fatal("Close did not wake a waiter")
		}
		if err := s.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
	})
}

func TestParsePayload(t *testing.T) {
	tests := []struct{ in, schema, instance, game string }{
		{"public/abc:g1", "public", "abc", "g1"},
		{"t_1/abc:", "t_1", "abc", ""},
		{"abc:g1", "", "abc", "g1"}, // an older replica's
		{"g1", "", "", "g1"},        // sent by hand
		{":g1", "", "", "g1"},
	}
	for _, tt := range tests {
		if sc, i, g := parsePayload(tt.in); sc != tt.schema || i != tt.instance || g != tt.game {
			t.Errorf("parsePayload(%q) = %q, %q, %q; want %q, %q, %q", tt.in, sc, i, g, tt.schema, tt.instance, tt.game)
		}
	}
}

// TestWaitingHoldsNoConnection: a thousand waiters hold no pooled connection.
func TestWaitingHoldsNoConnection(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		var cancels []func()
		for range 1000 {
			_, cancel := s.Subscribe(g.ID)
			cancels = append(cancels, cancel)
		}
		defer func() {
			for _, c := range cancels {
				c()
			}
		}()
		for _, db := range []*gorm.DB{s.w, s.r} {
			sqlDB, err := db.DB()
			if err != nil {
				t.Fatal(err)
			}
			if n := sqlDB.Stats().InUse; n != 0 {
				t.Errorf("%d connections in use while only waiters wait", n)
			}
		}
		if n := s.Waiters(); n != 1000 {
			t.Errorf("Waiters = %d, want 1000", n)
		}
	})
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
	ch, cancel := b.Subscribe(g.ID)
	defer cancel()
	pid := b.listener.pid.Load()
	time.Sleep(200 * time.Millisecond)
	if _, err := a.AppendAction(context.Background(), g.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
		t.Fatal(err)
	}
	if !received(ch, 5*time.Second) {
		t.Fatal("a write on A did not wake a waiter on B after idle checks")
	}
	if b.listener.pid.Load() != pid || b.listener.reconnected.Load() != 0 {
		t.Error("idle checks replaced a healthy connection")
	}
}

// TestWakeWhileListenerIsAway: while the listener cannot get its
// connection back, a change on another replica still reaches a waiter here
// within the backoff's cap, not when the listener is back.
func TestWakeWhileListenerIsAway(t *testing.T) {
	dbURL := postgresURL(t)
	ctx := context.Background()
	a, b := openStore(t, dbURL), openStore(t, dbURL)
	g := newGame(t, a, 2)
	ch, cancel := b.Subscribe(g.ID)
	defer cancel()

	b.listener.refuseUntil.Store(time.Now().Add(4 * time.Second).UnixNano())
	var killed bool
	if err := a.w.Raw("SELECT pg_terminate_backend(?)", b.listener.pid.Load()).Scan(&killed).Error; err != nil || !killed {
		t.Fatalf("pg_terminate_backend = %v, %v", killed, err)
	}
	if !received(ch, 5*time.Second) {
		t.Fatal("losing the listener's connection did not wake the waiter")
	}
	time.Sleep(300 * time.Millisecond)
	for received(ch, 0) {
	}
	if _, err := a.AppendAction(ctx, g.ID, Action{Seq: 0}.entry(), play.StatusActive, 0, nil); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if !received(ch, 2*time.Second) {
		t.Fatal("a write on A did not reach B's waiter while B's listener was away")
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
