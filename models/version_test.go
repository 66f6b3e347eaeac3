package models

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// TestVersionCountsEveryChange: whatever changed a game (a seat taken, a
// move, a seat left to a bot, the end), every way of reading it gives the
// same version, one more than before, and the time of that change.
func TestVersionCountsEveryChange(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		want, at := int64(0), g.UpdatedAt
		check := func(step string) {
			t.Helper()
			loaded := load(t, s, g.ID)
			v, err := s.GameVersion(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			listed, _, err := s.ListGames(ctx, "", false, 10, "")
			if err != nil {
				t.Fatal(err)
			}
			var l *play.GameRow
			for i := range listed {
				if listed[i].ID == g.ID {
					l = &listed[i]
				}
			}
			if loaded.Version != want || v.Version != want || l == nil || l.Version != want {
				t.Fatalf("after %s: loaded %d, checked %d, listed %+v; want %d", step, loaded.Version, v, l, want)
			}
			if !loaded.UpdatedAt.Equal(at) || !l.UpdatedAt.Equal(at) {
				t.Fatalf("after %s: changed at %v (loaded), %v (listed); want %v", step, loaded.UpdatedAt, l.UpdatedAt, at)
			}
		}
		check("creating")
		_, joined := join(t, s, g.ID, "Bob")
		want, at = want+1, joined
		check("a join")
		for seq := range 3 {
			a := Action{GameID: g.ID, Seq: seq, Seat: seq % 2, CreatedAt: time.Now().UTC().Truncate(time.Millisecond).Add(time.Duration(seq+1) * time.Second)}
			if err := appendEntry(ctx, s, a.GameID, a.entry(), "", want, nil); err != nil {
				t.Fatal(err)
			}
			want, at = want+1, a.CreatedAt
			check("a move")
		}
		occ := seatOccupant(t, s, g.ID, 1)
		left := Action{GameID: g.ID, Seq: 3, Seat: 1, CreatedAt: at.Add(time.Second)}
		if err := s.Append(ctx, left.GameID, play.Append{Entry: left.entry(), After: want,
			TakeOver: &play.Seat{Seat: 1, Bot: "hat", Occupant: play.NewID()}, Leaver: occ}); err != nil {
			t.Fatal(err)
		}
		want, at = want+1, left.CreatedAt
		check("a seat left")
		end := Action{GameID: g.ID, Seq: 4, Seat: 0, CreatedAt: at.Add(time.Second)}
		if err := appendEntry(ctx, s, end.GameID, end.entry(), play.StatusFinished, want, nil); err != nil {
			t.Fatal(err)
		}
		want, at = want+1, end.CreatedAt
		check("the end")
		if loaded := load(t, s, g.ID); loaded.Status != play.StatusFinished {
			t.Fatalf("the end left the game %s", loaded.Status)
		}
	})
}

// TestVersionsMigrate: a database whose stored versions counted the log's
// entries too reads the same versions after migration 6.
func TestVersionsMigrate(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		join(t, s, g.ID, "Bob")
		for seq := range 4 {
			if err := appendEntry(ctx, s, g.ID, Action{Seq: seq, Seat: seq % 2}.entry(), "", int64(seq+1), nil); err != nil {
				t.Fatal(err)
			}
		}
		// As the store kept it before: the column counts the entries too.
		exec(t, s, "UPDATE games SET version = 5 WHERE id = $1", g.ID)
		exec(t, s, "DELETE FROM schema_migrations WHERE version = 6")
		if err := s.migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if v, err := s.GameVersion(ctx, g.ID); err != nil || v.Version != 5 {
			t.Fatalf("after migrating: version %d, %v; want 5", v.Version, err)
		}
	})
}
