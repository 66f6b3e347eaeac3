package analysis

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/internal/race"
)

// brute is the best final score reachable from g by the plainest search
// there is: every legal move (every clue by target and value), no bound,
// and a memo keyed by the whole state as the public accessors show it. It
// shares nothing with the solver but the engine's Apply, so that the two
// agreeing says the solver's bound, its keys and its moves lose nothing.
type brute map[string]int

func (m brute) best(g *engine.Game) int {
	if g.Over() {
		return g.Score()
	}
	k := fullState(g)
	if v, ok := m[k]; ok {
		return v
	}
	best := 0
	for _, a := range g.LegalActions(nil) {
		c := g.Clone()
		if _, err := c.Apply(a); err != nil {
			panic(err)
		}
		best = max(best, m.best(c))
	}
	m[k] = best
	return best
}

// fullState writes down everything of a running game's state that a move
// can read: the fireworks, tokens and counters, each hand's cards with what
// their holders deduce, the discards, and the last clue's kind.
func fullState(g *engine.Game) string {
	v := g.View(engine.Spectator)
	s := fmt.Sprint(v.Current, v.NoteTokens, v.HalfNote, g.StormsUsed(), v.DeckCount, v.FinalTurnsLeft, g.MaxPossible())
	for su := range g.Config().Suits {
		s += fmt.Sprint("|", g.Firework(su), g.Start(su), g.Direction(su))
	}
	for p := range g.Players() {
		s += "|"
		for _, cv := range v.Hand(p) {
			s += fmt.Sprint(cv.ID, ":", cv.Possible, ",")
		}
	}
	s += fmt.Sprint("|", g.Discarded())
	if n := len(v.Clues); n > 0 {
		s += fmt.Sprint("|", v.Clues[n-1].Kind)
	}
	return s
}

// tiny is a small game of each family the search must know: few cards
// left, so that brute can try every line.
func tinyConfigs() map[string]engine.Config {
	suit := func(name string, colors ...int) engine.Suit {
		return engine.Suit{Name: name, Ranks: []int{1, 1, 2, 3}, CluedBy: colors}
	}
	base := func() engine.Config {
		return engine.Config{Suits: []engine.Suit{suit("red", 0), suit("green", 1), suit("blue", 2)},
			ClueColors: []string{"red", "green", "blue"}, ClueRanks: []int{1, 2, 3},
			Players: 2, StormTokens: 2, NoteTokens: 1, HandDelta: -1}
	}
	out := map[string]engine.Config{}
	out["abacus"] = base()
	c := base()
	c.Rules = engine.RulesHanabLive
	out["hanablive"] = c
	c = base()
	c.DeckPlays = true
	out["deck plays"] = c
	c = base()
	c.AllOrNothing = true
	out["all or nothing"] = c // played on until its end: brute starts it late (cardsLeft)
	c = base()
	c.AlternatingClues = true
	out["alternating clues"] = c
	c = base()
	c.ClueStarved = true
	out["clue starved"] = c
	c = base()
	c.Suits[1].Swapped = true
	out["orange, abacus"] = c // a holder's knowledge decides a discard at the maximum
	c = base()
	c.Suits[1].Swapped, c.Rules = true, engine.RulesHanabLive
	out["orange, hanab.live"] = c
	c = base()
	c.Suits[2].Reversed = true
	out["reversed"] = c
	c = base()
	c.Sudoku = true
	out["sudoku"] = c
	c = base()
	c.FaceDownPlays = true
	out["throw it in a hole"] = c
	c = base()
	c.Players, c.HandDelta = 3, -1
	c.Suits = append(c.Suits, suit("white", 0, 1, 2))
	out["three players, a rainbow suit"] = c
	c = base()
	for i := range c.Suits {
		c.Suits[i].Ranks = []int{1, 1, 2, 3, 4, engine.StartRank}
	}
	c.UpOrDown, c.ClueRanks, c.Players, c.HandDelta = true, []int{1, 2, 3, 4}, 3, 0
	out["up or down"] = c
	return out
}

// cardsLeft is the cards in the hands and the deck.
func cardsLeft(g *engine.Game) int {
	n := g.DeckCount()
	for p := range g.Players() {
		n += len(g.Hand(p))
	}
	return n
}

// limit is how many cards may be left for brute to try every line: fewer
// where the game goes on after the deck (All or Nothing).
func limit(cfg engine.Config) int {
	switch {
	case cfg.AllOrNothing:
		return 5
	case cfg.Players > 2:
		return cfg.Players * cfg.Hand() // the last round
	}
	return cfg.Players*cfg.Hand() + 1
}

// TestSolverAgreesWithBrute: from random states of tiny games of every
// family, the solver's best score is the plain search's.
func TestSolverAgreesWithBrute(t *testing.T) {
	// Each family gets a time budget: as many states as fit, at least two
	// (one under the race detector).
	budget, least := 800*time.Millisecond, 2
	if race.Enabled || testing.Short() {
		budget, least = 0, 1
	}
	for name, cfg := range tinyConfigs() {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			s := newSolver(context.Background())
			checked := 0
			start := time.Now()
			for i := 0; checked < least || time.Since(start) < budget; i++ {
				g, err := engine.NewSeeded(cfg, fmt.Sprintf("%s/%d", name, i))
				if err != nil {
					t.Fatal(err)
				}
				// A few random moves in, while the tree is still too big
				// for brute only when the deck is long.
				for !g.Over() && cardsLeft(g) > limit(cfg)+rng.IntN(2) {
					moves := g.LegalActions(nil)
					if _, err := g.Apply(moves[rng.IntN(len(moves))]); err != nil {
						t.Fatal(err)
					}
				}
				if g.Over() {
					continue
				}
				want := brute{}.best(g)
				s.forget()
				if got := s.best(g, 0, g.MaxScore()); got != want {
					t.Fatalf("deal %d at turn %d: the solver's best is %d, every line tried gives %d", i, g.Turn(), got, want)
				}
				if b := g.ScoreBound(); b < want {
					t.Fatalf("deal %d at turn %d: ScoreBound %d below the best %d", i, g.Turn(), b, want)
				}
				checked++
			}
			t.Logf("%d states", checked)
		})
	}
}
