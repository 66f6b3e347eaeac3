package api

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/bots"
	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/variants"
)

// A table of bots stored as if the server had stopped mid-game: settling
// the open games at start (SettleAll) alone, with nobody reading the game,
// must play it to the end, and leave a game of people alone.
// A private table (unlisted) is settled as a listed one is.
func TestBotsMoveAfterRestart(t *testing.T) {
	for _, unlisted := range []bool{false, true} {
		t.Run(map[bool]string{false: "listed", true: "unlisted"}[unlisted], func(t *testing.T) { botsMoveAfterRestart(t, unlisted) })
	}
}

func botsMoveAfterRestart(t *testing.T, unlisted bool) {
	e := sqliteEnv(t, func(c *envConfig) { c.Bots = bots.List() })
	ctx := context.Background()
	_, set, _, err := variants.Setup("farbrausch", variants.Options{}, 3)
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := json.Marshal(set)
	g := &play.GameRow{Record: play.Record{ID: play.NewID(), Variant: "farbrausch", Seed: "resume", Players: 3, Status: play.StatusActive, Unlisted: unlisted}, Options: string(opts)}
	seats := []play.Seat{{Seat: 0, Name: "hat", Bot: "hat"}, {Seat: 1, Name: "hat", Bot: "hat"}, {Seat: 2, Name: "conventions", Bot: "conventions"}}
	if err := e.store.CreateGame(ctx, g, seats, nil); err != nil {
		t.Fatal(err)
	}
	// A game of people only is left alone.
	people := &play.GameRow{Record: play.Record{ID: play.NewID(), Variant: "farbrausch", Seed: "people", Players: 2, Status: play.StatusActive}, Options: string(opts)}
	if err := e.store.CreateGame(ctx, people, []play.Seat{{Seat: 0, Name: "A"}, {Seat: 1, Name: "B"}}, nil); err != nil {
		t.Fatal(err)
	}
	table := e.games.Follow(g.ID)
	defer table.Close()
	n, err := e.games.SettleAll(ctx)
	if err != nil || n != 2 {
		t.Fatalf("settled %d games, err %v; want 2", n, err)
	}
	deadline := time.After(30 * time.Second)
	for {
		_, changed := table.Latest() // before the read: a move after it still wakes
		row, err := e.store.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if row.Status == play.StatusFinished {
			if len(row.Log) < 30 {
				t.Fatalf("finished after %d actions", len(row.Log))
			}
			break
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("the bots stopped after %d actions", len(row.Log))
		}
	}
	if row, _ := e.store.LoadGame(ctx, people.ID); row == nil || len(row.Log) != 0 {
		t.Fatalf("a game without bots got actions: %+v", row)
	}
}
