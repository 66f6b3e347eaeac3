package models

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/hanabi-server/hanabi/play"
)

// TestAppendRace has many goroutines submit the same action number, turn
// after turn: exactly one wins each turn, and the log ends with no gap and
// no duplicate.
func TestAppendRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		// Two stores on one database stand for two replicas.
		a, b := openStore(t, dbURL), openStore(t, dbURL)
		g := newGame(t, a, 2)
		const turns, racers = 8, 12
		for seq := range turns {
			var (
				wg   sync.WaitGroup
				mu   sync.Mutex
				wins int
			)
			start := make(chan struct{})
			for r := range racers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s := a
					if r%2 == 1 {
						s = b
					}
					<-start
					err := appendEntry(ctx, s, g.ID, Action{Seq: seq, Seat: r, Card: r}.entry(), play.StatusActive, int64(seq), nil)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						wins++
					case !errors.Is(err, play.ErrConflict):
						t.Errorf("turn %d racer %d: %v", seq, r, err)
					}
				}()
			}
			close(start)
			wg.Wait()
			if wins != 1 {
				t.Fatalf("turn %d: %d winners, want exactly 1", seq, wins)
			}
			if v, err := a.GameVersion(ctx, g.ID); err != nil || v.Version != int64(seq+1) {
				t.Errorf("turn %d: version %d (%v), want %d", seq, v.Version, err, seq+1)
			}
		}
		got := load(t, b, g.ID)
		if got.Version != turns || len(got.Log) != turns {
			t.Fatalf("version %d, %d log entries; want %d of each", got.Version, len(got.Log), turns)
		}
		for i, e := range got.Log {
			if e.Seq != i {
				t.Errorf("log[%d].Seq = %d", i, e.Seq)
			}
		}
	})
}

// TestConcurrentOpen starts several stores on one fresh database at the same
// moment, as replicas do: every migration runs once and every Open succeeds.
func TestConcurrentOpen(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		const replicas = 6
		stores := make([]*Store, replicas)
		errs := make([]error, replicas)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range replicas {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				stores[i], errs[i] = Open(context.Background(), dbURL)
			}()
		}
		close(start)
		wg.Wait()
		for i, s := range stores {
			if errs[i] != nil {
				t.Errorf("Open %d: %v", i, errs[i])
				continue
			}
			t.Cleanup(func() { s.Close() })
		}
		if t.Failed() {
			return
		}
		s := stores[0]
		ms, err := s.migrations()
		if err != nil {
			t.Fatal(err)
		}
		rows := ints(t, s, "SELECT version FROM schema_migrations ORDER BY version")
		if len(rows) != len(ms) {
			t.Fatalf("schema_migrations has %v, want %d migrations once each", rows, len(ms))
		}
		for i, m := range ms {
			if rows[i] != m.Version {
				t.Errorf("schema_migrations[%d] = %d, want %d", i, rows[i], m.Version)
			}
		}
		newGame(t, stores[replicas-1], 2)
	})
}

// TestSigningSecretRace asks two replicas for the secret at once on a fresh
// database: all get the same one, and it survives a restart.
func TestSigningSecretRace(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		a, b := openStore(t, dbURL), openStore(t, dbURL)
		const callers = 8
		secrets := make([][]byte, callers)
		errs := make([]error, callers)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range callers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := a
				if i%2 == 1 {
					s = b
				}
				<-start
				secrets[i], errs[i] = s.SigningSecret(ctx)
			}()
		}
		close(start)
		wg.Wait()
		for i := range callers {
			if errs[i] != nil {
				t.Fatalf("SigningSecret %d: %v", i, errs[i])
			}
			if len(secrets[i]) != 32 || !bytes.Equal(secrets[i], secrets[0]) {
				t.Fatalf("secret %d = %x, secret 0 = %x", i, secrets[i], secrets[0])
			}
		}
		if err := a.Close(); err != nil {
			t.Fatal(err)
		}
		c := openStore(t, dbURL)
		again, err := c.SigningSecret(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, secrets[0]) {
			t.Errorf("secret changed across a restart")
		}
	})
}
