package engine_test

import (
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

const (
	booed     = "Oh dear! The crowd booed."
	poor      = "Poor! Hardly applaused."
	okay      = "OK! The viewers have seen better."
	good      = "Good! The audience is pleased."
	veryGood  = "Very good! The audience is enthusiastic!"
	legendary = "Legendary! The audience will never forget this show!"
)

// TestStormsEndTheGame: the last storm token ends the game at once with score
// 0 and draws nothing, for 1, 2 and 3 storm tokens, whatever was built.
func TestStormsEndTheGame(t *testing.T) {
	for _, storms := range []int{1, 2, 3} {
		for _, variant := range []string{"basic", "farbrausch", "farbrausch2"} {
			t.Run(variant, func(t *testing.T) {
				cfg := setup(t, variant, 2, variants.Options{StormTokens: ptr(storms)})
				// Seat 0 plays R1 for a point; after that each seat plays its oldest
				// card, and none of them is playable.
				g := deal(t, cfg, c(red, 5), c(red, 4), c(red, 4), c(red, 3), c(red, 1),
					c(red, 3), c(yellow, 5), c(green, 5), c(blue, 5), c(white, 5),
					c(yellow, 4), c(green, 4), c(blue, 4), c(white, 4))
				apply(t, g, engine.PlayCard(4))
				if g.Score() != 1 {
					t.Fatalf("score %d after R1", g.Score())
				}
				for i := range storms {
					hand := g.Hand(g.Current())
					ev := apply(t, g, engine.PlayCard(hand[len(hand)-1]))
					last := i == storms-1
					if ev.Success || ev.StormsUsed != i+1 || ev.Over != last || g.Over() != last {
						t.Fatalf("misplay %d: event %+v", i+1, ev)
					}
					if last {
						want := engine.Result{Score: 0, Reason: engine.EndStorms, Rating: booed}
						if ev.Drawn != -1 || ev.Result != want || g.Score() != 0 {
							t.Fatalf("last storm: event %+v score %d, want %+v and no draw", ev, g.Score(), want)
						}
						if r, over := g.Result(); !over || r != want {
							t.Fatalf("Result() = %+v %v", r, over)
						}
					} else if ev.Drawn < 0 {
						t.Fatalf("misplay %d drew nothing", i+1)
					}
				}
				if g.Firework(red) != 1 {
					t.Errorf("the firework is still built: red %d", g.Firework(red))
				}
				_, err := g.Apply(engine.ClueRank(1-g.Current(), 1))
				wantErr(t, err, engine.ErrGameOver)
			})
		}
	}
}

// perfectFront stacks a deck so that every seat playing its newest card each
// turn plays every suit 1 to top in order: the first card each seat plays is
// its last dealt one, and after that each turn plays the card just drawn.
func perfectFront(t *testing.T, cfg engine.Config) []engine.Card {
	t.Helper()
	var order []engine.Card
	for s, suit := range cfg.Suits {
		for r := 1; r <= suit.Ranks[len(suit.Ranks)-1]; r++ {
			order = append(order, c(s, r))
		}
	}
	h := engine.HandSize(cfg.Players)
	rest := stack(t, cfg, order...)[len(order):]
	front := make([]engine.Card, 0, cfg.Players*h+len(order))
	for p := range cfg.Players {
		front = append(front, rest[p*(h-1):(p+1)*(h-1)]...)
		front = append(front, order[p])
	}
	return append(front, order[cfg.Players:]...)
}

// TestPerfectGameEndsAtOnce: completing every firework ends the game at once
// with the maximum score, for every variant, rainbow count and table size.
func TestPerfectGameEndsAtOnce(t *testing.T) {
	tests := []struct {
		variant  string
		opts     variants.Options
		players  int
		maxScore int
	}{
		{"basic", variants.Options{}, 2, 25},
		{"basic", variants.Options{NoteTokens: ptr(16)}, 4, 25},
		{"basic", variants.Options{StormTokens: ptr(1)}, 6, 25},
		{"farbrausch", variants.Options{}, 3, 30},
		{"farbrausch", variants.Options{RainbowCards: ptr(5)}, 5, 30},
		{"farbrausch2", variants.Options{}, 6, 30},
		{"farbrausch2", variants.Options{RainbowCards: ptr(5), EmptyClues: ptr(false)}, 2, 30},
	}
	for _, tc := range tests {
		cfg := setup(t, tc.variant, tc.players, tc.opts)
		if cfg.MaxScore() != tc.maxScore {
			t.Fatalf("%s: MaxScore %d, want %d", tc.variant, cfg.MaxScore(), tc.maxScore)
		}
		g := deal(t, cfg, perfectFront(t, cfg)...)
		var ev engine.Event
		for n := 1; !g.Over(); n++ {
			ev = apply(t, g, engine.PlayCard(g.Hand(g.Current())[0]))
			if !ev.Success {
				t.Fatalf("%s: play %d misplayed %v", tc.variant, n, ev.Card)
			}
			if n > tc.maxScore {
				t.Fatalf("%s: still running after %d plays", tc.variant, n)
			}
		}
		want := engine.Result{Score: tc.maxScore, Reason: engine.EndPerfect, Rating: legendary}
		if !ev.Over || ev.Result != want || ev.Drawn != -1 || g.Turn() != tc.maxScore || g.Score() != tc.maxScore {
			t.Errorf("%s/%d: last event %+v after %d turns, want %+v at turn %d and no draw",
				tc.variant, tc.players, ev, g.Turn(), want, tc.maxScore)
		}
	}
}

// TestLastRound: once the last card is drawn every player, the drawer
// included, gets exactly one more turn, and nothing is drawn.
func TestLastRound(t *testing.T) {
	for _, variant := range []string{"basic", "farbrausch", "farbrausch2"} {
		for players := 2; players <= 6; players++ {
			for _, opts := range []variants.Options{{}, {RainbowCards: ptr(5)}, {NoteTokens: ptr(1)}} {
				if opts.RainbowCards != nil && variant == "basic" {
					continue
				}
				cfg := setup(t, variant, players, opts)
				g := deal(t, cfg)
				drawer, lastTurn := -1, -1
				for !g.Over() {
					p := g.Current()
					var ev engine.Event
					if g.NoteTokens() == cfg.NoteTokens {
						ev = apply(t, g, engine.ClueRank((p+1)%players, 1))
					} else {
						hand := g.Hand(p)
						ev = apply(t, g, engine.DiscardCard(hand[len(hand)-1]))
					}
					switch {
					case ev.Drawn == cfg.DeckSize()-1:
						drawer, lastTurn = p, ev.Turn
						if g.DeckCount() != 0 || g.FinalTurnsLeft() != players || ev.Over {
							t.Fatalf("%s/%d: after the last draw: deck %d, final turns %d, over %v",
								variant, players, g.DeckCount(), g.FinalTurnsLeft(), ev.Over)
						}
					case drawer >= 0:
						if ev.Drawn != -1 {
							t.Fatalf("%s/%d: drew %d in the last round", variant, players, ev.Drawn)
						}
						if left := lastTurn + players - ev.Turn; g.FinalTurnsLeft() != left || ev.Over != (left == 0) {
							t.Fatalf("%s/%d turn %d: final turns %d over %v, want %d", variant, players,
								ev.Turn, g.FinalTurnsLeft(), ev.Over, left)
						}
					case g.FinalTurnsLeft() != -1:
						t.Fatalf("%s/%d: final turns %d while the deck lasts", variant, players, g.FinalTurnsLeft())
					}
					if ev.Over {
						want := engine.Result{Score: 0, Reason: engine.EndDeckOut, Rating: booed}
						if ev.Seat != drawer || ev.Result != want {
							t.Fatalf("%s/%d: ended by seat %d with %+v; want seat %d with %+v",
								variant, players, ev.Seat, ev.Result, drawer, want)
						}
					}
				}
				if g.Turn() != lastTurn+players+1 {
					t.Errorf("%s/%d: ended at turn %d, the last card was drawn at turn %d",
						variant, players, g.Turn(), lastTurn)
				}
			}
		}
	}
}

// TestDeckOutScore: a game that runs out of cards scores its fireworks and
// rates them.
func TestDeckOutScore(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	// Seat 0 plays R1 R2 R3 and seat 1 G1 G2, then everyone discards.
	g := deal(t, cfg, c(blue, 5), c(red, 4), c(red, 3), c(red, 2), c(red, 1),
		c(white, 5), c(green, 5), c(yellow, 5), c(green, 2), c(green, 1))
	apply(t, g, engine.PlayCard(4), engine.PlayCard(9), engine.PlayCard(3), engine.PlayCard(8), engine.PlayCard(2))
	for !g.Over() {
		p := g.Current()
		if g.NoteTokens() == cfg.NoteTokens {
			apply(t, g, engine.ClueRank(1-p, 1))
			continue
		}
		hand := g.Hand(p)
		apply(t, g, engine.DiscardCard(hand[len(hand)-1]))
	}
	r, over := g.Result()
	want := engine.Result{Score: 5, Reason: engine.EndDeckOut, Rating: booed}
	if !over || r != want || g.Score() != 5 {
		t.Errorf("result %+v over %v score %d, want %+v", r, over, g.Score(), want)
	}
	if r.Reason.String() != "deck_out" {
		t.Errorf("reason %q", r.Reason)
	}
}

func TestRating(t *testing.T) {
	tests := []struct {
		score, max int
		want       string
	}{
		{0, 25, booed}, {5, 25, booed}, {6, 25, poor}, {10, 25, poor}, {11, 25, okay},
		{15, 25, okay}, {16, 25, good}, {20, 25, good}, {21, 25, veryGood}, {24, 25, veryGood},
		{25, 25, legendary}, {25, 30, veryGood}, {29, 30, veryGood}, {30, 30, legendary},
		{0, 30, booed}, {12, 30, okay},
	}
	for _, tc := range tests {
		if got := engine.Rating(tc.score, tc.max); got != tc.want {
			t.Errorf("Rating(%d, %d) = %q, want %q", tc.score, tc.max, got, tc.want)
		}
	}
}

func TestEndReasonNames(t *testing.T) {
	want := map[engine.EndReason]string{engine.NotOver: "", engine.EndStorms: "storms",
		engine.EndPerfect: "perfect", engine.EndDeckOut: "deck_out"}
	for r, s := range want {
		if r.String() != s {
			t.Errorf("%d.String() = %q, want %q", r, r.String(), s)
		}
	}
}

// TestDealTakesTheLastCard: with a deck that the deal uses up, everyone gets
// one turn and the game ends, as after any last draw.
func TestDealTakesTheLastCard(t *testing.T) {
	cfg := engine.Config{
		Suits:      []engine.Suit{{Name: "red", Ranks: []int{1, 1, 2, 2, 3}, CluedBy: []int{0}}, {Name: "blue", Ranks: []int{1, 2, 3, 4, 5}, CluedBy: []int{1}}},
		ClueColors: []string{"red", "blue"}, ClueRanks: []int{1, 2, 3, 4, 5},
		Players: 2, StormTokens: 3, NoteTokens: 8, EmptyClues: true,
	}
	g, err := engine.NewSeeded(cfg, "short")
	if err != nil {
		t.Fatal(err)
	}
	if g.DeckCount() != 0 || g.FinalTurnsLeft() != 2 {
		t.Fatalf("after the deal: deck %d, final turns %d", g.DeckCount(), g.FinalTurnsLeft())
	}
	apply(t, g, engine.ClueRank(1, 1))
	ev := apply(t, g, engine.ClueRank(0, 1))
	if !ev.Over || ev.Result.Reason != engine.EndDeckOut || g.Turn() != 2 {
		t.Errorf("after two turns: %+v", ev)
	}
}
