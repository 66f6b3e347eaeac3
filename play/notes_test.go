package play_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/models/storetest"
	"github.com/hanabi-server/hanabi/play"
)

// Two replicas on one database: a note written through one is in the next
// read of the other, which already held the game (a note changes no
// version, so only the notes' revision can tell it); and the game's moves
// carry the notes on.
func TestNoteSeenByAnotherReplica(t *testing.T) {
	for _, c := range []struct{ name, url string }{
		{"sqlite", filepath.Join(t.TempDir(), "hanabi.db")},
		{"postgres", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.url == "" {
				c.url = storetest.PostgresURL(t, "play_")
			}
			ctx := context.Background()
			a, b := newGames(t, openStore(t, c.url)), newGames(t, openStore(t, c.url))
			st := table(t, a, "basic", 2, "notes-replicas")
			if _, err := b.Load(ctx, st.ID); err != nil {
				t.Fatal(err)
			}
			card := st.Game.Hand(0)[0]
			if _, err := a.WriteNote(ctx, st.ID, occupancy(st.ID, 0, st.Occupant(0)), card, "mine"); err != nil {
				t.Fatal(err)
			}
			got, err := b.Load(ctx, st.ID)
			if err != nil {
				t.Fatal(err)
			}
			if ns := got.NotesFor(0); len(ns) != 1 || ns[0] != (play.Note{Seat: 0, Card: card, Text: "mine"}) {
				t.Fatalf("the other replica reads notes %+v", ns)
			}
			if ns := got.NotesFor(1); len(ns) != 0 {
				t.Fatalf("seat 1 may read %+v", ns)
			}
			moved, _, err := b.Act(ctx, st.ID, holder(b, st.ID, 0), move(engine.PlayCard(st.Game.Hand(0)[1]), nil))
			if err != nil {
				t.Fatal(err)
			}
			if len(moved.Notes) != 1 {
				t.Fatalf("after a move the game holds notes %+v", moved.Notes)
			}
		})
	}
}
