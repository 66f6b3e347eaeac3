package engine_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// TestAtIsThePast: the game at every past turn is the game as it stood
// then (after that turn's move and the table entries before the next):
// every seat's and the spectator's view, the log, the count of unseen
// cards. While the game runs, that is exactly what each viewer was shown;
// once it is over, every face shows, as at the end: the hands, and in
// Throw It in a Hole the plays with the fireworks, score and storms they
// made. Over every rule group, with seats leaving and games ended by a seat.
func TestAtIsThePast(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 3))
	for _, rg := range ruleGroups() {
		t.Run(rg.name, func(t *testing.T) {
			cfg := setup(t, rg.variant, rg.players, rg.opts)
			for i := range 2 {
				g, err := engine.NewSeeded(cfg, fmt.Sprintf("past %s#%d", rg.name, i))
				if err != nil {
					t.Fatal(err)
				}
				then := []*engine.Game{g.Clone()} // the game at each turn, as it was
				check := func(now *engine.Game) {
					for k, want := range then {
						past, err := now.At(k)
						if err != nil {
							t.Fatalf("game %d turn %d: At(%d): %v", i, now.Turn(), k, err)
						}
						if err := samePast(past, want, now.Over()); err != nil {
							t.Fatalf("game %d, at turn %d, turn %d: %v", i, now.Turn(), k, err)
						}
					}
				}
				groupGame(t, g, rng, true, func(g *engine.Game, ev engine.Event) {
					if ev.Action.IsMove() {
						then = append(then, g.Clone())
					} else {
						then[len(then)-1] = g.Clone()
					}
					if g.Turn()%7 == 3 && ev.Action.IsMove() {
						check(g) // while it runs
					}
				})
				check(g)
				if len(then) != g.Turn()+1 {
					t.Fatalf("%d turns recorded, the game took %d", len(then), g.Turn())
				}
			}
		})
	}
}

// samePast compares the game At gave with the game as it was then, as
// every viewer sees it; over says that the game has ended since.
func samePast(past, then *engine.Game, over bool) error {
	if past.Turn() != then.Turn() || past.Over() != then.Over() || !reflect.DeepEqual(past.Log(), then.Log()) || past.Entries() != len(then.Log()) {
		return fmt.Errorf("turn %d over %v, log %v; then turn %d over %v, log %v", past.Turn(), past.Over(), past.Log(), then.Turn(), then.Over(), then.Log())
	}
	for _, seat := range allViewers(then.Players()) {
		want := then.View(seat)
		if over {
			shown(want, then)
		}
		if got := past.View(seat); !reflect.DeepEqual(got, want) {
			return fmt.Errorf("seat %d's view\n got %+v\nwant %+v", seat, got, want)
		}
		if seat >= 0 && past.UnseenBy(seat) != then.UnseenBy(seat) {
			return fmt.Errorf("seat %d's unseen cards differ", seat)
		}
	}
	return nil
}

// shown turns a view of a running game into what the end shows of the same
// moment: every card's face, and the plays that went face down with what
// they made, from the game's truth.
func shown(v *engine.View, g *engine.Game) {
	deck := g.Deck()
	for p := range v.Players {
		// Every face shows, so the viewer has seen all the holder has: a
		// card's empathy is its holder's candidates (a seat's own, none).
		unseen := g.UnseenBy(p)
		for i := range v.HandLen[p] {
			cv := &v.Hands[p][i]
			cv.Known, cv.Card = true, deck[cv.ID]
			if p != v.Seat {
				cv.Empathy = unseen.Candidates(cv.Possible)
			}
		}
	}
	v.Stats = g.Stats() // counted from every face too
	if !v.PlaysHidden {
		return
	}
	v.PlaysHidden, v.FaceDown = false, nil
	v.Score, v.StormsUsed, v.MaxPossible = g.Score(), g.StormsUsed(), g.MaxPossible()
	v.Discards = v.Discards[:0]
	for _, id := range g.Discarded() {
		v.Discards = append(v.Discards, engine.SeenCard{ID: id, Card: deck[id]})
	}
	for s := range g.Config().Suits {
		v.Fireworks[s] = g.Firework(s)
		if g.Config().Sudoku || g.Config().UpOrDown {
			v.Starts[s] = g.Start(s)
		}
		// Plays go face down only where fireworks run up from 1 (no Up or
		// Down, no Sudoku): Playable tells the ranks that extend them.
		v.Next[s] = 0
		for r := 1; r <= slices.Max(g.Config().Suits[s].Ranks); r++ {
			if g.Config().Playable(s, g.Firework(s), r) {
				v.Next[s] |= 1 << r
			}
		}
	}
}

// TestAtRefusesOtherTurns: a turn before the deal or after the game's
// present is refused with ErrNoSuchTurn, and asking leaves the game as it is.
func TestAtRefusesOtherTurns(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	g, err := engine.NewSeeded(cfg, "at")
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, engine.ClueRank(1, 1), engine.DiscardCard(5))
	before := g.View(0)
	for _, k := range []int{-1, 3, 100} {
		if _, err := g.At(k); !errors.Is(err, engine.ErrNoSuchTurn) {
			t.Errorf("At(%d): %v, want ErrNoSuchTurn", k, err)
		}
	}
	past, err := g.At(1)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, past, engine.ClueRank(0, 2)) // the past is a game of its own
	if !reflect.DeepEqual(g.View(0), before) || g.Turn() != 2 {
		t.Errorf("At changed the game")
	}
	if now, err := g.At(2); err != nil || !reflect.DeepEqual(now.View(1), g.View(1)) {
		t.Errorf("At(Turn()) is not the game now: %v", err)
	}
}
