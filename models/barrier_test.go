package models

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/tcpgate"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// barrierReplicas are two replicas of one database, each a store and a
// play.Games of its own: a writes, b reads, and b's listener reaches the
// database through a gate.
type barrierReplicas struct {
	a, b   *play.Games
	sa, sb *Store
	gate   *tcpgate.Gate
	dbURL  string
	game   string
	admin  func(sql string) error // runs SQL on the server's default database
	dbName string
}

func newBarrierReplicas(t *testing.T) *barrierReplicas {
	dbURL, name, admin := storetest.PostgresDatabase(t, "t_barrier_") // a restart takes it away
	cfg, err := pgx.ParseConfig(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	gate, err := tcpgate.New(net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gate.Close() })
	r := &barrierReplicas{dbURL: dbURL, gate: gate, admin: admin, dbName: name}
	r.sa = openStore(t, dbURL)
	port := gate.Addr().Port
	listenerConfig = func(c *pgx.ConnConfig) { c.Host, c.Port, c.Fallbacks = "127.0.0.1", uint16(port), nil }
	r.sb = openStore(t, dbURL)
	listenerConfig = nil
	r.a, r.b = barrierGames(t, r.sa), barrierGames(t, r.sb)
	ctx := context.Background()
	seed := "barrier"
	st, _, err := r.a.Create(ctx, auth.Anonymous(""), play.NewGame{Variant: "basic", Players: 2, Seed: &seed, Name: "Alice"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.a.Join(ctx, st.ID, auth.Anonymous(""), "Bob", "", nil); err != nil {
		t.Fatal(err)
	}
	r.game = st.ID
	// b holds the game, proven current.
	if _, err := r.b.Load(ctx, r.game); err != nil {
		t.Fatal(err)
	}
	if _, err := r.b.Load(ctx, r.game); err != nil {
		t.Fatal(err)
	}
	return r
}

func barrierGames(t *testing.T, s *Store) *play.Games {
	g, err := play.New(play.Config{Store: s})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = g.Shutdown(context.Background()) })
	return g
}

// move makes the next move of the game on a: the seat to act clues the
// other the rank of its first card. It returns the version the move left.
func (r *barrierReplicas) move(t *testing.T) int64 {
	t.Helper()
	ctx := context.Background()
	st, err := r.a.Load(ctx, r.game)
	if err != nil {
		t.Fatal(err)
	}
	seat := st.Game.Current()
	rank := st.Game.Deck()[st.Game.Hand(1 - seat)[0]].Rank
	moved, _, err := r.a.Act(ctx, r.game, auth.Caller{Via: auth.Seat, Game: r.game, Seat: seat, Occupant: st.Occupant(seat)}, play.Move{Kind: engine.RankClue, Target: 1 - seat, Rank: rank})
	if err != nil {
		t.Fatal(err)
	}
	return moved.Version
}

// moveByHand appends the next move straight to the database, as a writer
// that committed it and was gone before it answered anyone: no replica
// publishes it.
func (r *barrierReplicas) moveByHand(t *testing.T) int64 {
	t.Helper()
	ctx := context.Background()
	st, err := r.a.Load(ctx, r.game)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, r.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	seat := st.Game.Current()
	rank := st.Game.Deck()[st.Game.Hand(1 - seat)[0]].Rank
	if _, err := conn.Exec(ctx, `INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
		VALUES ($1, $2, $3, $4, 0, $5, $6, false, now())`, r.game, len(st.Log), seat, int(engine.RankClue), 1-seat, rank); err != nil {
		t.Fatal(err)
	}
	return st.Version + 1
}

// read is b's read of the game, which must be at version want.
func (r *barrierReplicas) read(t *testing.T, want int64, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := r.b.Load(ctx, r.game)
	if err != nil {
		t.Fatalf("%s: read: %v", what, err)
	}
	if st.Version != want {
		t.Fatalf("%s: a stale read: version %d, want %d", what, st.Version, want)
	}
}

// restart does to both replicas what a restart of Postgres does: every
// connection to the database goes, with whatever notification was still
// queued for a listener, and connecting is refused for a moment. It
// returns once b reads the game again (an error meanwhile is no stale read).
func (r *barrierReplicas) restart(t *testing.T) {
	t.Helper()
	for _, q := range []string{"ALTER DATABASE " + r.dbName + " ALLOW_CONNECTIONS false",
		"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + r.dbName + "'"} {
		if err := r.admin(q); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond)
	if err := r.admin("ALTER DATABASE " + r.dbName + " ALLOW_CONNECTIONS true"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, err := r.b.Load(context.Background(), r.game); err != nil; _, err = r.b.Load(context.Background(), r.game) {
		if time.Now().After(deadline) {
			t.Fatalf("b cannot read after the restart: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// listening is the listening under way, 0 while away.
func (l *listener) listening() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.epoch
}

// waitReconnect waits for b's listener to be back after n reconnects.
func (r *barrierReplicas) waitReconnect(t *testing.T, n int64) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for r.sb.listener.reconnected.Load() < n || r.sb.listener.listening() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("b's listener did not come back")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestBarrierFaults: in each fault of b's listening, b's next read of the
// game sees the newest change a made, or that a writer committed and never
// told anyone of: b answers from its copy only when a barrier proves it
// current, else asks the database. (A build that answers from its copy
// while it holds every change it heard of reads stale in every case.)
func TestBarrierFaults(t *testing.T) {
	tests := []struct {
		name  string
		fault func(t *testing.T, r *barrierReplicas) (want int64)
		lost  time.Duration // barrierLost for the case, if set
	}{
		{"listener partitioned, pool not", func(t *testing.T, r *barrierReplicas) int64 {
			r.gate.Hold(true)
			defer r.gate.Hold(false)
			v := r.move(t)
			r.read(t, v, "during the partition")
			return r.move(t)
		}, 0},
		{"listener reconnected after missing a change", func(t *testing.T, r *barrierReplicas) int64 {
			r.sb.listener.refuseUntil.Store(time.Now().Add(time.Second).UnixNano())
			r.gate.Drop()
			deadline := time.Now().Add(5 * time.Second)
			for r.sb.listener.listening() != 0 && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
			}
			v := r.move(t)
			r.waitReconnect(t, 1)
			return v
		}, 0},
		{"notification lost between commit and delivery", func(t *testing.T, r *barrierReplicas) int64 {
			r.gate.Hold(true)
			v := r.move(t)
			// The notification is queued for b's listener; its backend
			// goes before it is delivered.
			time.Sleep(50 * time.Millisecond)
			r.gate.Drop()
			r.gate.Hold(false)
			r.waitReconnect(t, 1)
			return v
		}, 0},
		{"writer gone after its commit, delivery late", func(t *testing.T, r *barrierReplicas) int64 {
			r.gate.Hold(true)
			go func() {
				time.Sleep(200 * time.Millisecond)
				r.gate.Hold(false)
			}()
			return r.moveByHand(t)
		}, 0},
		{"Postgres restarted before delivery", func(t *testing.T, r *barrierReplicas) int64 {
			r.gate.Hold(true)
			v := r.move(t)
			time.Sleep(50 * time.Millisecond)
			r.restart(t) // on a's side too: its next move reconnects
			r.gate.Hold(false)
			return v
		}, 0},
		{"reader's listening stalled past a round's loss, as in a stop", func(t *testing.T, r *barrierReplicas) int64 {
			r.gate.Hold(true)
			r.read(t, r.move(t), "as the stall begins") // its round will not come back
			v := r.move(t)
			time.Sleep(barrierLost + 200*time.Millisecond)
			r.gate.Hold(false)
			return v
		}, 700 * time.Millisecond},
		{"delivery stalled past the barrier's patience", func(t *testing.T, r *barrierReplicas) int64 {
			r.gate.Hold(true)
			go func() {
				time.Sleep(barrierLate + 300*time.Millisecond)
				r.gate.Hold(false)
			}()
			return r.move(t)
		}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.lost != 0 { // set while no listener runs, until they all stop
				old := barrierLost
				barrierLost = tt.lost
				t.Cleanup(func() { barrierLost = old })
			}
			r := newBarrierReplicas(t)
			want := tt.fault(t, r)
			r.read(t, want, "after the fault")
			// And reads go on from b's copy, proven again.
			r.read(t, want, "again")
			v := r.move(t)
			r.read(t, v, "after the next move")
		})
	}
}
