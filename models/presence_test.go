package models

import (
	"context"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/players"
	"github.com/hanabi-server/hanabi/rooms"
)

// TestPresence: a player's first read, and each move, tells the lobby
// once; reads that stay put tell nothing; a lobby read does not move a
// player a table holds, until that read is old; the list is who was seen
// since; a sweep drops the silent ones with one offline event each, and a
// second sweep finds nobody.
func TestPresence(t *testing.T) {
	eachBackend(t, func(t *testing.T, dbURL string) {
		ctx := context.Background()
		s := openStore(t, dbURL)
		at := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
		for _, p := range []players.Player{{ID: "pa", Name: "Alice", CreatedAt: at}, {ID: "pb", Name: "Bob", Bot: true, CreatedAt: at}} {
			if err := s.CreatePlayer(ctx, p, players.Keys{Fold: p.Name}, "hash"); err != nil {
				t.Fatal(err)
			}
		}
		see := func(player, name string, bot bool, place rooms.Place, when time.Time) {
			t.Helper()
			p := rooms.Presence{Player: player, Name: name, Bot: bot, Place: place, At: when}
			if err := s.SeeOnline(ctx, p, when.Add(-time.Minute), when.Add(-30*time.Second)); err != nil {
				t.Fatal(err)
			}
		}
		told := func() []rooms.LobbyEvent {
			t.Helper()
			evs, err := s.LobbyEvents(ctx, 0, 100)
			if err != nil {
				t.Fatal(err)
			}
			return evs
		}
		lobby, table := rooms.Place{Kind: rooms.AtLobby}, rooms.Place{Kind: rooms.AtTable, ID: "g1"}
		see("pa", "Alice", false, lobby, at)
		see("pa", "Alice", false, lobby, at.Add(20*time.Second))
		see("pb", "Bob", true, table, at.Add(20*time.Second))
		see("pa", "Alice", false, table, at.Add(25*time.Second))
		see("pa", "Alice", false, lobby, at.Add(40*time.Second)) // the table holds her
		see("pa", "Alice", false, table, at.Add(45*time.Second))
		evs := told()
		if len(evs) != 3 || evs[0].PlayerID != "pa" || evs[0].Where != rooms.AtLobby || evs[0].Kind != rooms.PlayerOnline ||
			evs[1].PlayerID != "pb" || !evs[1].Bot || evs[1].Where != rooms.AtTable || evs[1].Game != "g1" ||
			evs[2].PlayerID != "pa" || evs[2].Where != rooms.AtTable || evs[2].Name != "Alice" {
			t.Fatalf("told %+v", evs)
		}
		see("pa", "Alice", false, lobby, at.Add(80*time.Second)) // the table's read is old now
		if evs = told(); len(evs) != 4 || evs[3].Where != rooms.AtLobby {
			t.Fatalf("told %+v", evs)
		}
		list, err := s.Online(ctx, at.Add(30*time.Second))
		if err != nil || len(list) != 1 || list[0].Name != "Alice" || list[0].Place != lobby {
			t.Fatalf("online %+v, %v", list, err)
		}
		for range 2 {
			if err := s.DropOffline(ctx, at.Add(30*time.Second), at.Add(90*time.Second)); err != nil {
				t.Fatal(err)
			}
		}
		evs = told()
		if len(evs) != 5 || evs[4].Kind != rooms.PlayerOffline || evs[4].PlayerID != "pb" || evs[4].Name != "Bob" {
			t.Fatalf("told %+v", evs)
		}
		if list, _ = s.Online(ctx, at); len(list) != 1 {
			t.Fatalf("online after the sweep %+v", list)
		}
		see("pb", "Bob", true, table, at.Add(95*time.Second)) // back: told again
		if evs = told(); len(evs) != 6 || evs[5].Kind != rooms.PlayerOnline || evs[5].PlayerID != "pb" {
			t.Fatalf("told %+v", evs)
		}
	})
}
