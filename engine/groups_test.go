package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// ruleGroup is one of hanab.live's rule groups, or a table option, on a
// variant and table size that plays it.
type ruleGroup struct {
	name    string
	variant string
	players int
	opts    variants.Options
}

// ruleGroups are the groups that a seat's deductions and a game's past are
// checked over: plain variants (with suits that every color touches, ranks
// that clue other suits, one-of-each suits, a special rank), and each rule
// group and table option of hanab.live's.
func ruleGroups() []ruleGroup {
	yes := ptr(true)
	return []ruleGroup{
		{"plain", "basic", 3, variants.Options{}},
		{"plain 6 players", "farbrausch", 6, variants.Options{}},
		{"rainbow touched by every color", "farbrausch2", 2, variants.Options{}},
		{"five rainbow cards", "farbrausch", 4, variants.Options{RainbowCards: ptr(5)}},
		{"ranks that clue others", "pink-5-suits", 4, variants.Options{}},
		{"special rank", "rainbow-ones-5-suits", 3, variants.Options{}},
		{"one of each", "dark-rainbow-6-suits", 2, variants.Options{}},
		{"prism", "prism-5-suits", 5, variants.Options{}},
		{"Orange", "orange-5-suits", 3, variants.Options{}},
		{"Clue Starved", "clue-starved-5-suits", 3, variants.Options{}},
		{"Alternating Clues", "alternating-clues-5-suits", 2, variants.Options{}},
		{"Reversed", "reversed-5-suits", 3, variants.Options{}},
		{"Sudoku", "sudoku-5-suits", 2, variants.Options{}},
		{"Up or Down", "up-or-down-5-suits", 3, variants.Options{}},
		{"Up or Down prism", "up-or-down-prism-5-suits", 2, variants.Options{}},
		{"Throw It in a Hole", "throw-it-in-a-hole-5-suits", 3, variants.Options{}},
		{"Throw It in a Hole orange", "throw-it-in-a-hole-orange-4-suits", 2, variants.Options{}},
		{"Throw It in a Hole deck plays", "throw-it-in-a-hole-5-suits", 2, variants.Options{DeckPlays: yes}},
		{"Cow & Pig", "cow-pig-5-suits", 3, variants.Options{}},
		{"Duck", "duck-4-suits", 2, variants.Options{}},
		{"one extra card", "basic", 3, variants.Options{OneExtraCard: yes}},
		{"one less card", "basic", 4, variants.Options{OneLessCard: yes}},
		{"deck plays", "basic", 2, variants.Options{DeckPlays: yes}},
		{"all or nothing", "basic", 3, variants.Options{AllOrNothing: yes}},
	}
}

// groupGame plays g to its end as a table that sees every card: mostly a
// move that extends a firework (a play, or a discard of a suit that swaps
// the two), now and then a misplay, else a clue or a discard at random; a
// blind play from the deck whenever it may; and, with entries, a seat
// leaving or the game ended by a seat now and then. after is called with
// the game and the event after every entry.
func groupGame(t testing.TB, g *engine.Game, rng *rand.Rand, entries bool, after func(*engine.Game, engine.Event)) {
	t.Helper()
	var buf []engine.Action
	for !g.Over() {
		a := groupMove(g, rng, buf)
		switch r := rng.IntN(100); {
		case entries && r == 0:
			if p := rng.IntN(g.Players()); !g.Left(p) {
				a = engine.LeaveSeat(p)
			}
		case entries && r == 1 && rng.IntN(4) == 0:
			a = engine.EndGame(g.Current(), engine.EndTerminated)
		}
		ev, err := g.Apply(a)
		if err != nil {
			t.Fatalf("turn %d: %+v: %v", g.Turn(), a, err)
		}
		after(g, ev)
	}
}

func groupMove(g *engine.Game, rng *rand.Rand, buf []engine.Action) engine.Action {
	buf = g.LegalActions(buf[:0])
	deck := g.Config().DeckSize()
	if g.Config().DeckPlays && g.DeckCount() == 1 && rng.IntN(3) > 0 {
		return engine.PlayCard(deck - 1)
	}
	if rng.IntN(10) < 7 {
		for _, a := range buf {
			if a.IsClue() {
				continue
			}
			if ev, err := g.Clone().Apply(a); err == nil && ev.Success {
				return a
			}
		}
	}
	if rng.IntN(20) == 0 {
		hand := g.Hand(g.Current())
		return engine.PlayCard(hand[rng.IntN(len(hand))])
	}
	quiet := buf[:0:0]
	for _, a := range buf {
		if a.Kind != engine.Play {
			quiet = append(quiet, a)
		}
	}
	if len(quiet) == 0 {
		return buf[rng.IntN(len(buf))]
	}
	return quiet[rng.IntN(len(quiet))]
}
