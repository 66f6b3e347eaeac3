package models

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// fastSole shortens the sole-writer protocol's timings for a test.
func fastSole(t *testing.T) {
	t.Helper()
	old := [4]time.Duration{soleRetry, soleGrace, soleCooldown, soleJoinPatience}
	soleRetry, soleGrace, soleCooldown, soleJoinPatience = 20*time.Millisecond, 50*time.Millisecond, 2*time.Second, 300*time.Millisecond
	t.Cleanup(func() { soleRetry, soleGrace, soleCooldown, soleJoinPatience = old[0], old[1], old[2], old[3] })
}

// eventually waits up to d for cond.
func eventually(d time.Duration, cond func() bool) bool {
	for end := time.Now().Add(d); ; time.Sleep(5 * time.Millisecond) {
		if cond() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
	}
}

func soleSoon(t *testing.T, s *Store) uint64 {
	t.Helper()
	var spell uint64
	if !eventually(10*time.Second, func() bool { spell = s.Sole(); return spell != 0 }) {
		t.Fatal("a store alone on its database did not become sole")
	}
	return spell
}

// TestSoleHandsOver: a store alone on its schema becomes sole; one that
// opens beside it finds it no longer sole by the time Open returns, neither
// is sole while both run, and when the second closes the first is sole
// again, in a new spell.
func TestSoleHandsOver(t *testing.T) {
	fastSole(t)
	dbURL := postgresURL(t)
	a := openStore(t, dbURL)
	first := soleSoon(t, a)

	b, err := Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	if a.Sole() != 0 {
		t.Fatal("a second store opened while the first was still sole")
	}
	time.Sleep(200 * time.Millisecond) // many tries of the exclusive lock
	if a.Sole() != 0 || b.Sole() != 0 {
		t.Fatalf("sole while two stores run: a %d, b %d", a.Sole(), b.Sole())
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if again := soleSoon(t, a); again == first {
		t.Fatalf("the new sole spell has the old number %d", again)
	}
}

// TestSoleIsPerSchema: stores of other schemas on the same database do not
// count.
func TestSoleIsPerSchema(t *testing.T) {
	fastSole(t)
	a := openStore(t, postgresURL(t))
	b := openStore(t, postgresURL(t))
	soleSoon(t, a)
	soleSoon(t, b)
}

// TestSoleEndsOnAForeignChange: a change notified by a store that takes no
// part in the protocol (an older replica, or one sent by hand) ends a sole
// spell at once, and the store stays off for the cooldown.
func TestSoleEndsOnAForeignChange(t *testing.T) {
	fastSole(t)
	dbURL := postgresURL(t)
	a := openStore(t, dbURL)
	soleSoon(t, a)
	if err := a.w.Exec("SELECT pg_notify(?, ?)", notifyChannel, "olderreplica:g1").Error; err != nil {
		t.Fatal(err)
	}
	if !eventually(2*time.Second, func() bool { return a.Sole() == 0 }) {
		t.Fatal("still sole after another replica's change")
	}
	time.Sleep(300 * time.Millisecond)
	if a.Sole() != 0 {
		t.Fatal("sole again within the cooldown")
	}
	soleSoon(t, a)
}

// TestSoleEndsWithItsConnection: a store whose listener's connection (and
// with it the lock) is gone is not sole.
func TestSoleEndsWithItsConnection(t *testing.T) {
	fastSole(t)
	dbURL := postgresURL(t)
	a := openStore(t, dbURL)
	soleSoon(t, a)
	a.listener.refuseUntil.Store(time.Now().Add(3 * time.Second).UnixNano())
	var killed bool
	if err := a.w.Raw("SELECT pg_terminate_backend(?)", a.listener.pid.Load()).Scan(&killed).Error; err != nil || !killed {
		t.Fatalf("pg_terminate_backend = %v, %v", killed, err)
	}
	if !eventually(2*time.Second, func() bool { return a.Sole() == 0 }) {
		t.Fatal("still sole without its connection")
	}
	if a.listener.reconnected.Load() != 0 {
		t.Fatal("the listener came back early; the test proves nothing")
	}
	soleSoon(t, a) // once it is back
}

// TestSoleSendsNoNotifications: nobody is there to hear them.
func TestSoleSendsNoNotifications(t *testing.T) {
	fastSole(t)
	dbURL := postgresURL(t)
	ctx := context.Background()
	a := openStore(t, dbURL)
	soleSoon(t, a)
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		t.Fatal(err)
	}
	heard := func(game string) bool {
		for {
			wctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
			n, err := conn.WaitForNotification(wctx)
			cancel()
			if err != nil {
				return false
			}
			if _, _, g := parsePayload(n.Payload); g == game {
				return true
			}
		}
	}
	g := newGame(t, a, 2)
	if _, err := a.AppendAction(ctx, Action{GameID: g.ID, Seq: 0}, StatusActive, 0); err != nil {
		t.Fatal(err)
	}
	if heard(g.ID) {
		t.Fatal("a sole store notified a change")
	}
	openStore(t, dbURL) // a second replica: now the first must tell it
	if _, err := a.AppendAction(ctx, Action{GameID: g.ID, Seq: 1}, "", 1); err != nil {
		t.Fatal(err)
	}
	if !heard(g.ID) {
		t.Fatal("a store beside another did not notify its change")
	}
}

// TestSoleJoinEndsAFrozenHolder: a sole replica that does not answer (here
// a bare connection holding the lock) cannot keep another from starting:
// after soleJoinPatience the starter ends its lock session.
func TestSoleJoinEndsAFrozenHolder(t *testing.T) {
	fastSole(t)
	dbURL := postgresURL(t)
	ctx := context.Background()
	frozen, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer frozen.Close(ctx)
	var ok bool
	if err := frozen.QueryRow(ctx, soleExclusive).Scan(&ok); err != nil || !ok {
		t.Fatalf("take the lock: %v, %v", ok, err)
	}
	start := time.Now()
	openStore(t, dbURL)
	if waited := time.Since(start); waited < soleJoinPatience {
		t.Fatalf("started after %v, before the holder was given %v", waited, soleJoinPatience)
	}
	if err := frozen.Ping(ctx); err == nil {
		t.Fatal("the frozen holder's session is still there")
	}
}

// TestOnChange: every committed change reaches the hooks with the game's
// new version before the writing call returns; a cancelled hook hears
// nothing more.
func TestOnChange(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		var mu sync.Mutex
		var got []int64
		cancel := s.OnChange(func(id string, v int64) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, v)
		})
		seen := func() []int64 {
			mu.Lock()
			defer mu.Unlock()
			return slices.Clone(got)
		}
		g := newGame(t, s, 3)
		_, j, _, err := s.JoinSeat(ctx, g.ID, "Bob", JoinOpts{})
		if err != nil {
			t.Fatal(err)
		}
		l, err := s.LeaveLobby(ctx, g.ID, 1, seatOccupant(t, s, g.ID, 1))
		if err != nil {
			t.Fatal(err)
		}
		if want := []int64{j.Version, l.Version}; !slices.Equal(seen(), want) {
			t.Fatalf("heard %v, want %v", seen(), want)
		}
		for range 2 {
			if _, _, _, err := s.JoinSeat(ctx, g.ID, "Bob", JoinOpts{}); err != nil {
				t.Fatal(err)
			}
		}
		a, err := s.AppendAction(ctx, Action{GameID: g.ID, Seq: 0}, StatusActive, 4)
		if err != nil {
			t.Fatal(err)
		}
		if h := seen(); h[len(h)-1] != a.Version || len(h) != 5 {
			t.Fatalf("heard %v, want 5 changes ending at %d", h, a.Version)
		}
		cancel()
		if _, err := s.AppendAction(ctx, Action{GameID: g.ID, Seq: 1}, "", 5); err != nil {
			t.Fatal(err)
		}
		if len(seen()) != 5 {
			t.Fatalf("a cancelled hook heard %v", seen())
		}
	})
}

func seatOccupant(t *testing.T, s *Store, gameID string, seat int) string {
	t.Helper()
	_, seats, _, err := s.LoadGame(context.Background(), gameID)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range seats {
		if st.Seat == seat {
			return st.Occupant
		}
	}
	t.Fatalf("seat %d is free", seat)
	return ""
}
