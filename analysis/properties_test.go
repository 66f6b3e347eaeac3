package analysis

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
	"github.com/hanabi-server/hanabi/variants"
)

// checkAnalysis holds an analysis of the finished game g to what every
// analysis must be: a state per turn with the game's own counts,
// max_reachable exact in the ways a test can see (never rising, at least
// the score, at most the highest score still possible, the final score at
// the end), a loss exactly where it falls, and endgame chances for every
// legal move of each late state.
func checkAnalysis(t *testing.T, name string, g *engine.Game, a *Analysis) {
	t.Helper()
	if len(a.Turns) != g.Turn()+1 || a.Score != g.Score() || a.MaxScore != g.MaxScore() {
		t.Fatalf("%s: %d states, score %d of %d; the game took %d turns, scored %d of %d", name, len(a.Turns), a.Score, a.MaxScore, g.Turn(), g.Score(), g.MaxScore())
	}
	lost := 0
	for i, tu := range a.Turns {
		past, err := g.At(i)
		if err != nil {
			t.Fatal(err)
		}
		if tu.Turn != i || tu.Score != past.Score() || tu.DeckCount != past.DeckCount() || tu.MaxPossible != past.MaxPossible() {
			t.Fatalf("%s turn %d: %+v, the game then: score %d, deck %d, max %d", name, i, tu, past.Score(), past.DeckCount(), past.MaxPossible())
		}
		if tu.MaxReachable < tu.Score && !past.Over() || tu.MaxReachable > tu.MaxPossible && !past.Over() || tu.MaxReachable < a.Score {
			t.Fatalf("%s turn %d: max_reachable %d, score %d, max possible %d, final %d", name, i, tu.MaxReachable, tu.Score, tu.MaxPossible, a.Score)
		}
		if past.Over() && tu.MaxReachable != tu.Score {
			t.Fatalf("%s turn %d: over at %d, max_reachable %d", name, i, tu.Score, tu.MaxReachable)
		}
		if i == 0 {
			continue
		}
		prev := a.Turns[i-1].MaxReachable
		switch {
		case tu.MaxReachable > prev:
			t.Fatalf("%s turn %d: max_reachable rose from %d to %d", name, i, prev, tu.MaxReachable)
		case tu.MaxReachable < prev:
			if lost >= len(a.Lost) || a.Lost[lost].Turn != i-1 || a.Lost[lost].From != prev || a.Lost[lost].To != tu.MaxReachable || a.Lost[lost].Why == "" {
				t.Fatalf("%s turn %d: fell from %d to %d, lost %+v", name, i, prev, tu.MaxReachable, a.Lost)
			}
			lost++
		}
	}
	if lost != len(a.Lost) {
		t.Fatalf("%s: %d falls, %d losses", name, lost, len(a.Lost))
	}
	for _, l := range a.Lost {
		if !whyForm.MatchString(l.Why) {
			t.Fatalf("%s turn %d: why %q is none of the forms", name, l.Turn, l.Why)
		}
	}
	late := 0
	for i := range a.Turns {
		if past, _ := g.At(i); !past.Over() && past.DeckCount() <= a.EndgameDeck {
			if late >= len(a.Endgame) || a.Endgame[late].Turn != i {
				t.Fatalf("%s: no endgame for turn %d (deck %d)", name, i, past.DeckCount())
			}
			checkEndgame(t, name, past, a.Endgame[late], a.Turns[i].MaxReachable)
			late++
		}
	}
	if late != len(a.Endgame) {
		t.Fatalf("%s: %d late states, %d endgames", name, late, len(a.Endgame))
	}
}

// whyForm is the ways a loss is told, one or two of them.
var whyForm = regexp.MustCompile(`^((the last .+ was (discarded|misplayed)|playing .+ fixed how the .+ firework goes on: at most \d+ can be scored now|at most \d+ can be scored now|too few turns are left to play .+|.+ was (discarded|misplayed) and the copy left comes late: too few turns are left to play .+|no line reaches \d+ any more)(, and (too few turns are left to play .+|.+ was (discarded|misplayed) and the copy left comes late: .+|no line reaches \d+ any more))?|the game was ended before its end \(.+\): it scores 0|the \w+ strike ended the game: it scores 0|(a perfect game became impossible|the last .+ was (discarded|misplayed)), and All or Nothing scores 0 without one)$`)

func checkEndgame(t *testing.T, name string, g *engine.Game, e Endgame, target int) {
	t.Helper()
	legal := g.LegalActions(nil)
	if e.Seat != g.Current() || e.Target != target || len(e.Moves) != len(legal) || e.Solved == 0 || e.Deals < int64(e.Solved) && e.Exact {
		t.Fatalf("%s turn %d: endgame %+v for %d legal moves", name, e.Turn, e, len(legal))
	}
	best := 0.0
	for i, m := range e.Moves {
		if m.Win < 0 || m.Win > 1 {
			t.Fatalf("%s turn %d: %s wins %v", name, e.Turn, m.Move.Text, m.Win)
		}
		if want := moveOf(e.Turn, g, legal[i]); m.Move.Text != want.Text || m.Move.Type != want.Type {
			t.Fatalf("%s turn %d: move %d is %+v, the engine's %+v", name, e.Turn, i, m.Move, want)
		}
		best = max(best, m.Win)
	}
	// The real deal is one of those counted: some move keeps its best.
	if e.Exact && best < 1/float64(e.Deals) {
		t.Fatalf("%s turn %d: no move wins any of the %d deals", name, e.Turn, e.Deals)
	}
}

// families is a variant of each family the rules know, with a table
// option or rule set where the family has one that changes the end.
var families = []struct {
	variant string
	opts    variants.Options
}{
	{"basic", variants.Options{}},
	{"basic", variants.Options{DeckPlays: ptr(true)}},
	{"basic", variants.Options{AllOrNothing: ptr(true)}},
	{"basic", variants.Options{OneExtraCard: ptr(true), StormTokens: ptr(1)}},
	{"farbrausch2", variants.Options{}},
	{"rainbow-5-suits", variants.Options{Rules: ptr("hanablive")}},
	{"black-6-suits", variants.Options{}},
	{"dark-rainbow-5-suits", variants.Options{}},
	{"null-5-suits", variants.Options{}},
	{"orange-5-suits", variants.Options{}},
	{"orange-5-suits", variants.Options{Rules: ptr("hanablive")}},
	{"clue-starved-5-suits", variants.Options{}},
	{"alternating-clues-5-suits", variants.Options{}},
	{"reversed-5-suits", variants.Options{}},
	{"up-or-down-5-suits", variants.Options{}},
	{"sudoku-5-suits", variants.Options{}},
	{"throw-it-in-a-hole-5-suits", variants.Options{}},
	{"duck-5-suits", variants.Options{}},
}

func ptr[T any](v T) *T { return &v }

// TestEveryFamily: a game of every family, played by bots, analyses with
// every property of checkAnalysis. Under the race detector, one game of
// two or three players each.
func TestEveryFamily(t *testing.T) {
	games, seats := 2, 4
	if race.Enabled || testing.Short() {
		games, seats = 1, 2
	}
	for k, f := range families {
		t.Run(fmt.Sprintf("%s%+v", f.variant, k), func(t *testing.T) {
			for i := range games {
				players := 2 + (k+i)%seats
				cfg := setup(t, f.variant, players, f.opts)
				bot := []string{"conventions", "hat"}[(k+i)%2]
				g := botGame(t, cfg, fmt.Sprintf("family/%d/%d", k, i), bot, uint64(i))
				a, err := AnalyseGame(context.Background(), g, Options{EndgameDeck: 2, Deals: 10})
				if err != nil {
					t.Fatalf("%s, %d players: %v", f.variant, players, err)
				}
				checkAnalysis(t, f.variant, g, a)
			}
		})
	}
}
