package models

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// TestDeadlines: a recorded deadline makes a game due from that moment on,
// only while it is a lobby or active and only if recorded at its version;
// recording it touches nothing else; a lobby is cancelled once, at its version.
func TestDeadlines(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		g := newGame(t, s, 2)
		stale := newGame(t, s, 2)
		at := time.Now().UTC().Truncate(time.Millisecond).Add(time.Minute)
		if err := s.SetDeadline(ctx, g.ID, g.Version, &at); err != nil {
			t.Fatal(err)
		}
		if err := s.SetDeadline(ctx, stale.ID, stale.Version+1, &at); err != nil {
			t.Fatal(err)
		}
		row := load(t, s, g.ID)
		if row.Version != g.Version || !row.UpdatedAt.Equal(g.UpdatedAt) {
			t.Fatalf("recording a deadline changed the game: v%d %v", row.Version, row.UpdatedAt)
		}
		for _, tc := range []struct {
			now  time.Time
			want []string
		}{
			{at.Add(-time.Millisecond), nil},
			{at, []string{g.ID}},
			{at.Add(time.Hour), []string{g.ID}},
		} {
			ids, err := s.DueGames(ctx, tc.now, 10)
			if err != nil || !slices.Equal(ids, tc.want) {
				t.Fatalf("due at %v: %v %v, want %v", tc.now, ids, err, tc.want)
			}
		}
		cancel := play.LobbyChange{Status: play.StatusCancelled, At: now()}
		if err := s.ChangeLobby(ctx, g.ID, g.Version+1, cancel); !errors.Is(err, play.ErrConflict) {
			t.Fatalf("cancel at another version: %v", err)
		}
		if err := s.ChangeLobby(ctx, g.ID, g.Version, cancel); err != nil {
			t.Fatalf("cancel: %v", err)
		}
		if got, err := s.LoadGame(ctx, g.ID); err != nil || got.Status != play.StatusCancelled || got.Version != g.Version+1 {
			t.Fatalf("cancelled: %+v %v", got, err)
		}
		if err := s.ChangeLobby(ctx, g.ID, g.Version+1, cancel); !errors.Is(err, play.ErrConflict) {
			t.Fatalf("cancel twice: %v", err)
		}
		if ids, _ := s.DueGames(ctx, at.Add(time.Hour), 10); len(ids) != 0 {
			t.Fatalf("a cancelled game is due: %v", ids)
		}
	})
}
