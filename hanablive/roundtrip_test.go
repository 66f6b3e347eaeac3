package hanablive

import (
	"errors"
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

// A log closed by a game-over action comes back closed the same way, with
// the engine's game still running.
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
	if r.State.Over() || r.State.Turn() != cut {
		t.Fatalf("over %t at turn %d, want a running game at turn %d", r.State.Over(), r.State.Turn(), cut)
	}
	if want := (&GameOver{Seat: 1, Condition: EndConditionTerminated}); *r.End != *want {
		t.Fatalf("end %+v, want %+v", r.End, want)
	}
	back := roundTrip(t, r)
	sameGame(t, r, back)
	if back.State.Turn() != cut {
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
