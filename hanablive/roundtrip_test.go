package hanablive

import (
	"errors"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

func TestRoundTripEveryTable(t *testing.T) {
	seeds := uint64(2)
	if testing.Short() {
		seeds = 1
	}
	for _, tb := range allTables() {
		t.Run(tb.String(), func(t *testing.T) {
			for seed := range seeds {
				want := playRandom(t, tb, seed)
				sameGame(t, want, roundTrip(t, want))
				want = playCareful(t, tb, seed)
				sameGame(t, want, roundTrip(t, want))
			}
		})
	}
}

// A log closed by a game-over action comes back closed the same way: a
// termination ends the engine's game too, scored 0 and charged to its seat,
// at the turn it came.
func TestRoundTripGameOverAction(t *testing.T) {
	tb := table{"farbrausch", variants.Settings{StormTokens: 3, NoteTokens: 8, RainbowCards: 5}, 3}
	full := playRandom(t, tb, 7)
	doc, err := Export(full)
	if err != nil {
		t.Fatal(err)
	}
	cut := len(doc.Actions) / 2
	doc.Actions = append(doc.Actions[:cut:cut], Action{Type: ActionGameOver, Target: 1, Value: EndConditionTerminated})
	r, err := ImportGame(doc)
	if err != nil {
		t.Fatal(err)
	}
	res, over := r.State.Result()
	if !over || r.State.Turn() != cut || res.Reason != engine.EndTerminated || res.Seat != 1 || res.Score != 0 {
		t.Fatalf("over %t (%+v) at turn %d, want terminated by seat 1 at turn %d", over, res, r.State.Turn(), cut)
	}
	if want := (&GameOver{Seat: 1, Condition: EndConditionTerminated}); *r.End != *want {
		t.Fatalf("end %+v, want %+v", r.End, want)
	}
	back := roundTrip(t, r)
	sameGame(t, r, back)
	if back.State.Turn() != cut || !back.State.Over() {
		t.Fatalf("turn %d after re-import, want %d", back.State.Turn(), cut)
	}
}

func TestVariantMapping(t *testing.T) {
	tests := []struct {
		live         string
		variant      string
		rainbowCards int
		suits        int
		colors       int
		deck         int
	}{
		{"No Variant", "basic", 0, 5, 5, 50},
		{"6 Suits", "farbrausch", 10, 6, 6, 60},
		{"Black (6 Suits)", "farbrausch", 5, 6, 6, 55},
		{"Rainbow (6 Suits)", "farbrausch2", 10, 6, 5, 60},
		{"Dark Rainbow (6 Suits)", "farbrausch2", 5, 6, 5, 55},
	}
	for _, tt := range tests {
		t.Run(tt.live, func(t *testing.T) {
			r, cfg, err := setup(&Game{Players: []string{"a", "b"}, Options: Options{Variant: tt.live}})
			if err != nil {
				t.Fatal(err)
			}
			if r.Variant != tt.variant || r.Settings.RainbowCards != tt.rainbowCards {
				t.Fatalf("got %s with rainbow_cards %d, want %s with %d", r.Variant, r.Settings.RainbowCards, tt.variant, tt.rainbowCards)
			}
			if r.Settings.EmptyClues || r.Settings.StormTokens != 3 || r.Settings.NoteTokens != 8 {
				t.Fatalf("settings %+v, want hanab.live's: no empty clues, 3 storms, 8 notes", r.Settings)
			}
			if len(cfg.Suits) != tt.suits || len(cfg.ClueColors) != tt.colors || cfg.DeckSize() != tt.deck {
				t.Fatalf("%d suits, %d colors, %d cards; want %d, %d, %d", len(cfg.Suits), len(cfg.ClueColors), cfg.DeckSize(), tt.suits, tt.colors, tt.deck)
			}
			back, err := LiveName(r.Variant, r.Settings)
			if err != nil || back != tt.live {
				t.Fatalf("LiveName = %q, %v; want %q", back, err, tt.live)
			}
		})
	}
}

func TestExportRefuses(t *testing.T) {
	tb := table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8}, 2}
	done := playRandom(t, tb, 1)
	v, _ := variants.Get("basic")
	cfg, _ := v.Config(tb.settings, 2)
	running, err := engine.NewSeeded(cfg, "x")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		r    Replay
		want error
	}{
		{"running game", Replay{Variant: "basic", Settings: tb.settings, State: running}, ErrNotFinished},
		{"no state", Replay{Variant: "basic", Settings: tb.settings}, ErrMismatch},
		{"other settings", Replay{Variant: "basic", Settings: variants.Settings{StormTokens: 2, NoteTokens: 8}, State: done.State}, ErrMismatch},
		{"other variant", Replay{Variant: "farbrausch", Settings: variants.Settings{StormTokens: 3, NoteTokens: 8, RainbowCards: 10}, State: done.State}, ErrMismatch},
		{"unmapped settings", Replay{Variant: "basic", Settings: variants.Settings{StormTokens: 3, NoteTokens: 8, RainbowCards: 5}, State: done.State}, ErrUnknownVariant},
		{"unknown variant", Replay{Variant: "nope", Settings: tb.settings, State: done.State}, ErrUnknownVariant},
		{"too few names", Replay{Variant: "basic", Settings: tb.settings, Players: []string{"a"}, State: done.State}, ErrMismatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Export(&tt.r); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	// Without names, seats get placeholders and the game still round-trips.
	anon := *done
	anon.Players = nil
	back := roundTrip(t, &anon)
	if back.Players[0] != "Player 1" || back.Players[1] != "Player 2" {
		t.Fatalf("placeholder names %q", back.Players)
	}
}

// A game that a seat left and the clock or a seat ended exports with
// hanab.live's game-over action for that end (a leave has no entry there),
// and re-imports to the same end, score and seat.
func TestExportForcedEnds(t *testing.T) {
	tb := table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8}, 3}
	for reason, cond := range map[engine.EndReason]int{engine.EndTerminated: EndConditionTerminated, engine.EndTimeout: EndConditionTimeout, engine.EndIdle: EndConditionIdleTimeout} {
		t.Run(reason.String(), func(t *testing.T) {
			full := playRandom(t, tb, 3)
			cut := full.State.Log()[:4]
			cfg := *full.State.Config()
			g, err := engine.Replay(cfg, full.State.Deck(), cut)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range []engine.Action{engine.LeaveSeat(2), engine.EndGame(1, reason)} {
				if _, err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			doc, err := Export(&Replay{Variant: tb.variant, Settings: tb.settings, State: g})
			if err != nil {
				t.Fatal(err)
			}
			want := append(make([]Action, 0, 5), doc.Actions[:4]...)
			want = append(want, Action{Type: ActionGameOver, Target: 1, Value: cond})
			if !slices.Equal(doc.Actions, want) {
				t.Fatalf("actions %+v, want %+v", doc.Actions, want)
			}
			back, err := ImportGame(doc)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := back.State.Result()
			if res, _ := g.Result(); got != res {
				t.Fatalf("re-imported result %+v, want %+v", got, res)
			}
		})
	}
}

// A rearranged hand is not in the export (hanab.live has no such action):
// the moves name their cards by id, so the file imports back to the same
// deck, moves and score, with each hand in the order it was drawn.
func TestRoundTripRearranged(t *testing.T) {
	tb := table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8, EmptyClues: true, Rules: "abacus"}, 3}
	want := playRandom(t, tb, 3)
	g, err := engine.NewFirst(*want.State.Config(), want.State.Deck(), want.State.First())
	if err != nil {
		t.Fatal(err)
	}
	var moves []engine.Action
	for i, a := range want.State.Log() {
		if seat := i % 3; len(g.Hand(seat)) > 1 {
			back := g.Hand(seat)
			slices.Reverse(back)
			r, err := engine.RearrangeHand(seat, g.Hand(seat), back)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.ApplyAs(seat, r); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("move %d after a rearrangement: %v", i, err)
		}
		moves = append(moves, a)
	}
	if len(g.Log()) == len(moves) {
		t.Fatal("nothing was rearranged")
	}
	rearranged := *want
	rearranged.State = g
	doc, err := Export(&rearranged)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Actions) != len(moves) {
		t.Fatalf("%d actions exported for %d moves", len(doc.Actions), len(moves))
	}
	back := roundTrip(t, &rearranged)
	if !slices.Equal(back.State.Log(), moves) || back.State.Score() != g.Score() || back.State.Turn() != g.Turn() {
		t.Fatalf("back: score %d turn %d, want %d and %d", back.State.Score(), back.State.Turn(), g.Score(), g.Turn())
	}
	sameGame(t, want, back)
}

// A game that its players' votes ended (with a pause on the way) exports as
// hanab.live writes it, an end-by-vote action (type 5) of condition 10 and
// target -1 with no vote or pause of its own, and imports back to the same end.
func TestExportVotedEnd(t *testing.T) {
	for _, players := range []int{2, 5} {
		tb := table{"basic", variants.Settings{StormTokens: 3, NoteTokens: 8}, players}
		full := playRandom(t, tb, 3)
		g, err := engine.Replay(*full.State.Config(), full.State.Deck(), full.State.Log()[:4])
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []engine.Action{engine.PauseGame(0), engine.ResumeGame(1)} {
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		for seat := 0; !g.Over(); seat++ {
			if _, err := g.Apply(engine.VoteToEnd(seat, true)); err != nil {
				t.Fatal(err)
			}
		}
		doc, err := Export(&Replay{Variant: tb.variant, Settings: tb.settings, State: g})
		if err != nil {
			t.Fatal(err)
		}
		want := append(append(make([]Action, 0, 5), doc.Actions[:4]...), Action{Type: ActionGameOverByVote, Target: -1, Value: EndConditionTerminatedByVote})
		if !slices.Equal(doc.Actions, want) {
			t.Fatalf("%d players: actions %+v, want %+v", players, doc.Actions, want)
		}
		back, err := ImportGame(doc)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := back.State.Result()
		if res, _ := g.Result(); got != res || got.Reason != engine.EndVoted {
			t.Fatalf("%d players: re-imported result %+v, want %+v", players, got, res)
		}
	}
}
