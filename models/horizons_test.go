package models

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
)

// TestPrunedLobbySaysWhatItForgot: a prune of the lobby raises its horizon
// to the highest id it deleted (table changes past their day, chat lines
// but the last ones), never lowers it, and a reader whose position is
// below it is refused (feed.ErrExpired), where one that had read that far,
// or reads from the start, reads on.
func TestPrunedLobbySaysWhatItForgot(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx := context.Background()
		newGame(t, s, 2)
		newGame(t, s, 2)
		at := now()
		var chat []int64
		for _, text := range []string{"one", "two", "three"} {
			e, err := s.AddLobbyChat(ctx, rooms.LobbyEvent{Kind: rooms.LobbyChat, Name: "Alice", Text: text, At: at})
			if err != nil {
				t.Fatal(err)
			}
			chat = append(chat, e.ID)
		}
		before, err := s.LobbyEvents(ctx, 0, 100)
		if err != nil || len(before) != 5 || before[0].Kind == rooms.LobbyChat || before[1].Kind == rooms.LobbyChat {
			t.Fatalf("two tables' events then three lines: %+v, %v", before, err)
		}
		if gone, err := s.LobbyGoneTo(ctx); err != nil || gone != 0 {
			t.Fatalf("the horizon before any prune: %d, %v", gone, err)
		}
		// Every table change is past its day; the last two lines stay.
		if err := s.PruneLobby(ctx, at.Add(time.Hour), 2); err != nil {
			t.Fatal(err)
		}
		want := max(before[1].ID, chat[0])
		if gone, err := s.LobbyGoneTo(ctx); err != nil || gone != want {
			t.Fatalf("the horizon after the prune: %d, %v; want %d", gone, err, want)
		}
		if left, _ := s.LobbyEvents(ctx, 0, 100); len(left) != 2 || left[0].ID != chat[1] {
			t.Fatalf("kept: %+v; want the last two lines", left)
		}
		// A prune that deletes nothing leaves the horizon where it was.
		if err := s.PruneLobby(ctx, at.Add(-time.Hour), 50); err != nil {
			t.Fatal(err)
		}
		if gone, _ := s.LobbyGoneTo(ctx); gone != want {
			t.Fatalf("a prune of nothing moved the horizon to %d, from %d", gone, want)
		}
		l := rooms.NewLobby(s, nil)
		for _, c := range []struct {
			after int64
			want  error
			n     int
		}{
			{0, nil, 2},
			{before[0].ID, feed.ErrExpired, 0},
			{want - 1, feed.ErrExpired, 0},
			{want, nil, 2},
			{chat[1], nil, 1},
		} {
			evs, err := l.Events(ctx, c.after, 100)
			if !errors.Is(err, c.want) || len(evs) != c.n {
				t.Errorf("after %d: %d events, %v; want %d, %v", c.after, len(evs), err, c.n, c.want)
			}
		}
	})
}

// TestPrunedPlayerFeedSaysWhatItForgot: each player's horizon is the
// highest of their own events a prune deleted, so that a reader below it
// is refused while one that had read that far, or another player whose
// events were all kept (whatever their seqs), reads on.
func TestPrunedPlayerFeedSaysWhatItForgot(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		s := openStore(t, dbURL)
		ctx := context.Background()
		at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		for _, id := range []string{"p1", "p2"} {
			if err := s.CreatePlayer(ctx, players.Player{ID: id, Name: "Robo" + id, CreatedAt: at}, players.Keys{Fold: "robo" + id}, "h"); err != nil {
				t.Fatal(err)
			}
		}
		add := func(player string, at time.Time) int64 {
			t.Helper()
			if err := s.AddEvent(ctx, player, players.Event{Kind: players.EventTurn, Game: "g", Seat: 0, Version: 1, At: at}); err != nil {
				t.Fatal(err)
			}
			return int64(ints(t, s, "SELECT max(id) FROM player_events")[0])
		}
		// p2 has one old event, then p1 a turn a day for ten days, then p2
		// one more now.
		p2old := add("p2", at)
		var p1 []int64
		for i := range 10 {
			p1 = append(p1, add("p1", at.Add(time.Duration(i+1)*24*time.Hour)))
		}
		now := at.Add(11 * 24 * time.Hour)
		p2new := add("p2", now)
		f := players.NewFeed(s)
		if err := f.Forget(ctx, now); err != nil { // the first three days of p1's go
			t.Fatal(err)
		}
		for _, c := range []struct {
			player string
			gone   int64
		}{{"p1", p1[2]}, {"p2", p2old}} {
			if gone, err := s.EventsGoneTo(ctx, c.player); err != nil || gone != c.gone {
				t.Fatalf("%s's horizon: %d, %v; want %d", c.player, gone, err, c.gone)
			}
		}
		for _, c := range []struct {
			player string
			after  int64
			want   error
			n      int
		}{
			{"p1", 0, nil, 7},
			{"p1", p1[0], feed.ErrExpired, 0},
			{"p1", p1[1], feed.ErrExpired, 0},
			{"p1", p1[2], nil, 7},
			{"p1", p1[5], nil, 4},
			{"p2", p2old, nil, 1}, // its one old event read: nothing of its own is missing
			{"p2", p2new, nil, 0},
		} {
			evs, err := f.Events(ctx, players.Player{ID: c.player}, c.after, players.MaxEvents)
			if !errors.Is(err, c.want) || len(evs) != c.n {
				t.Errorf("%s after %d: %d events, %v; want %d, %v", c.player, c.after, len(evs), err, c.n, c.want)
			}
		}
		// p2 read nothing ever (0), its old event gone: reads what is kept.
		if evs, err := f.Events(ctx, players.Player{ID: "p2"}, 0, players.MaxEvents); err != nil || len(evs) != 1 || evs[0].Seq != p2new {
			t.Fatalf("p2 from the start: %+v, %v", evs, err)
		}
	})
}
