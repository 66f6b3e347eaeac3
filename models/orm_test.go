package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm/logger"

	"github.com/hanabi-server/hanabi/play"
)

// statements records the statements gorm runs, as its logger sees them.
type statements struct {
	mu   sync.Mutex
	seen []string
}

func (r *statements) LogMode(logger.LogLevel) logger.Interface { return r }
func (r *statements) Info(context.Context, string, ...any)     {}
func (r *statements) Warn(context.Context, string, ...any)     {}
func (r *statements) Error(context.Context, string, ...any)    {}
func (r *statements) Trace(_ context.Context, _ time.Time, fc func() (string, int64), _ error) {
	q, _ := fc()
	r.mu.Lock()
	r.seen = append(r.seen, q)
	r.mu.Unlock()
}

func (r *statements) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	seen := r.seen
	r.seen = nil
	return seen
}

// TestORMCarriesTheColdStatements: on either database, from a store just
// opened, every read and write off a move's and a table's path goes through
// gorm (on the writer, or the readers, as it should), and that path (a game
// created, a lobby changed, a note written, an entry appended, a version
// checked: one script each) does not.
func TestORMCarriesTheColdStatements(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		writes, reads := &statements{}, &statements{}
		if s.orm == s.ormReads {
			reads = writes // Postgres: one pool
		}
		s.orm.Logger, s.ormReads.Logger = writes, reads
		g := &play.GameRow{Record: play.Record{Variant: "basic", Seed: "seed", Players: 2}, Options: `{}`}
		occupant := play.NewID()
		due := now().Add(time.Minute)
		steps := []struct {
			name     string
			do       func() error
			on       *statements // nil: a move's path, no gorm
			contains string
		}{
			{"CreateGame", func() error {
				return s.CreateGame(ctx, g, []play.Seat{{Seat: 0, Name: "Alice", Occupant: occupant}}, nil)
			}, nil, ""},
			{"ProbeWrite", func() error { return s.ProbeWrite(ctx) }, writes, "INSERT INTO readiness"},
			{"SigningSecret", func() error { _, err := s.SigningSecret(ctx); return err }, writes, "settings"},
			{"LoadGame", func() error { _, err := s.LoadGame(ctx, g.ID); return err }, reads, "UNION ALL"},
			{"ChangeLobby", func() error {
				return s.ChangeLobby(ctx, g.ID, 0, play.LobbyChange{Take: &play.Seat{Seat: 1, Name: "Bob", Occupant: play.NewID()},
					Status: play.StatusActive, At: now(), Key: &play.Key{Scope: "s", Key: "join", Hash: "h", Reply: []byte("r")}})
			}, nil, ""},
			{"GameVersion", func() error { _, err := s.GameVersion(ctx, g.ID); return err }, nil, ""},
			{"Append", func() error {
				return appendEntry(ctx, s, g.ID, Action{Seq: 0, Kind: 1}.entry(), "", 1, nil)
			}, nil, ""},
			{"WriteNote", func() error {
				return s.WriteNote(ctx, g.ID, 0, play.Note{Seat: 0, Card: 1, Text: "5?"}, occupant)
			}, nil, ""},
			{"SetDeadline", func() error { return s.SetDeadline(ctx, g.ID, 2, &due) }, writes, "deadline"},
			{"DueGames", func() error {
				if ids, err := s.DueGames(ctx, due, 10); err != nil || len(ids) != 1 || ids[0] != g.ID {
					return fmt.Errorf("due: %q, %v", ids, err)
				}
				return nil
			}, reads, "deadline"},
			{"ListGames", func() error { _, _, err := s.ListGames(ctx, play.StatusActive, false, 10, ""); return err }, reads, "unlisted"},
			{"CountGames", func() error { _, err := s.CountGames(ctx); return err }, reads, "GROUP BY"},
			{"LookupIdempotency", func() error { _, err := s.LookupIdempotency(ctx, "s", "join"); return err }, writes, "idempotency"},
			{"KeepRefusal", func() error { _, err := s.KeepRefusal(ctx, "s", "no", play.Answer{Hash: "h"}); return err }, writes, "idempotency"},
		}
		for _, st := range steps {
			writes.take()
			reads.take()
			if err := st.do(); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			w, r := writes.take(), reads.take()
			if st.on == nil {
				if len(w)+len(r) > 0 {
					t.Errorf("%s went through gorm: %q %q", st.name, w, r)
				}
				continue
			}
			seen := w
			if st.on == reads && reads != writes {
				if len(w) > 0 {
					t.Errorf("%s, a read, went through gorm on the writer: %q", st.name, w)
				}
				seen = r
			}
			if !strings.Contains(strings.Join(seen, "\n"), st.contains) {
				t.Errorf("%s: gorm ran %q, nothing with %q", st.name, seen, st.contains)
			}
		}
		got := load(t, s, g.ID)
		if got.Version != 2 || got.Status != play.StatusActive || len(got.Log) != 1 || len(got.Notes) != 1 || len(got.Seats) != 2 {
			t.Errorf("the game reads %+v", got)
		}
	})
}

// TestKeysForgetOldKeys: a refusal is kept unless the key is held, and
// the first look-up of a key forgets the keys older than IdempotencyKeep,
// and only those, whether or not anything was refused.
func TestKeysForgetOldKeys(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		for key, age := range map[string]time.Duration{"old": IdempotencyKeep + time.Minute, "recent": IdempotencyKeep - time.Minute} {
			exec(t, s, keySQL, "s", key, "h", []byte("r"), now().Add(-age), "")
		}
		if a, err := s.LookupIdempotency(ctx, "s", "recent"); err != nil || a.Hash != "h" {
			t.Fatalf("a recent key: %+v, %v", a, err)
		}
		if a, err := s.LookupIdempotency(ctx, "s", "old"); !errors.Is(err, play.ErrNotFound) {
			t.Fatalf("a key older than kept, at the first look-up: %+v, %v; want it forgotten", a, err)
		}
		if kept, err := s.KeepRefusal(ctx, "s", "recent", play.Answer{Hash: "x", Reply: []byte("no")}); err != nil || kept {
			t.Fatalf("a held key's refusal: kept %v, %v", kept, err)
		}
		if kept, err := s.KeepRefusal(ctx, "s", "new", play.Answer{Hash: "x", Reply: []byte("no")}); err != nil || !kept {
			t.Fatalf("a free key's refusal: kept %v, %v", kept, err)
		}
		want := map[string]string{"old": "", "recent": "h", "new": "x"}
		for key, hash := range want {
			a, err := s.LookupIdempotency(ctx, "s", key)
			switch {
			case hash == "" && !errors.Is(err, play.ErrNotFound):
				t.Errorf("%s: %+v, %v; want it forgotten", key, a, err)
			case hash != "" && (err != nil || a.Hash != hash):
				t.Errorf("%s: %+v, %v; want hash %q", key, a, err, hash)
			}
		}
	})
}
