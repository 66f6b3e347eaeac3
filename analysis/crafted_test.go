package analysis

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/variants"
)

// bottom is the variant's deck shuffled by seed with the given cards moved
// to its end, in order.
func bottom(t *testing.T, cfg engine.Config, seed string, last ...engine.Card) []engine.Card {
	t.Helper()
	deck := cfg.Shuffle(seed)
	for _, c := range last {
		i := slices.Index(deck, c)
		if i < 0 {
			t.Fatalf("no %v left", c)
		}
		deck = slices.Delete(deck, i, i+1)
	}
	return append(deck, last...)
}

// reachedBy plays the solver's own line from g to v and returns the score
// it ends at: the line is applied by the engine, so a score it claims is
// one a real line reaches.
func reachedBy(t *testing.T, s *solver, g *engine.Game, v int) int {
	t.Helper()
	end := s.line(g, v)
	if end == nil {
		t.Fatalf("no line to %d", v)
	}
	return end.Score()
}

// TestOnesOfTwoSuitsAtTheBottom: with every 1 of two suits the last six
// cards of a two-player game, the first of them is drawn on the sixth
// draw from the end: seven turns are left after it (five draws and the
// last round's two), too few for the ten cards of those two suits; the
// other three suits are whole, and 15 + 7 = 22 is the best, which a line
// reaches.
func TestOnesOfTwoSuitsAtTheBottom(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	r1, y1 := engine.Card{Suit: 0, Rank: 1}, engine.Card{Suit: 1, Rank: 1}
	g, err := engine.New(cfg, bottom(t, cfg, "ones", r1, y1, r1, y1, r1, y1))
	if err != nil {
		t.Fatal(err)
	}
	if b := g.ScoreBound(); b != 22 {
		t.Fatalf("ScoreBound %d, want 22", b)
	}
	s := newSolver(context.Background())
	if got := s.best(g, 0, 25); got != 22 {
		t.Fatalf("best %d, want 22", got)
	}
	if got := reachedBy(t, s, g, 22); got != 22 {
		t.Fatalf("the line to 22 scores %d", got)
	}
}

// TestOnesAtTheBottom: with every 1 of n suits the deck's last 3n cards in
// a two-player game, the first of them is drawn 3n−1 draws from the end,
// and only those draws and the last round's two turns are left to play the
// 5n cards of those suits: the best is 25 − 5n + 3n + 1, which a line
// reaches.
func TestOnesAtTheBottom(t *testing.T) {
	cfg := setup(t, "basic", 2, variants.Options{})
	for n := 1; n <= 3; n++ {
		var last []engine.Card
		for range 3 {
			for s := range n {
				last = append(last, engine.Card{Suit: s, Rank: 1})
			}
		}
		g, err := engine.New(cfg, bottom(t, cfg, "ones", last...))
		if err != nil {
			t.Fatal(err)
		}
		want := 25 - 5*n + 3*n + 1
		s := newSolver(context.Background())
		if got := s.best(g, 0, 25); got != want {
			t.Fatalf("the 1s of %d suits at the bottom: best %d, want %d", n, got, want)
		}
		if got := reachedBy(t, s, g, want); got != want {
			t.Fatalf("the 1s of %d suits at the bottom: the line scores %d", n, got)
		}
	}
}

// TestOnePreciseLine: in a tiny game whose best is reached by one first
// move only (or by moves that lead to the same state: two copies of one
// card), found among seeded deals and every move checked by the plain
// search of every line, the solver keeps the best after that move alone
// and the endgame gives it the whole share of the real deal.
func TestOnePreciseLine(t *testing.T) {
	cfg := tinyConfigs()["abacus"]
	s := newSolver(context.Background())
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		g, err := engine.NewSeeded(cfg, fmt.Sprint("precise/", i))
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() && cardsLeft(g) > limit(cfg)-rng.IntN(3) {
			moves := g.LegalActions(nil)
			if _, err := g.Apply(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over() {
			continue
		}
		best := brute{}.best(g)
		var keeps []int
		var kept []engine.Key // the states the keeping moves lead to
		legal := g.LegalActions(nil)
		for j, a := range legal {
			c := g.Clone()
			if _, err := c.Apply(a); err != nil {
				t.Fatal(err)
			}
			keep := brute{}.best(c) == best
			if keep {
				keeps = append(keeps, j)
				if k := c.Key(); !slices.Contains(kept, k) {
					kept = append(kept, k)
				}
			}
			s.forget()
			if got := s.reach(c, best); got != keep {
				t.Fatalf("deal %d, move %+v: the solver says %v", i, a, got)
			}
		}
		if len(kept) != 1 || best == 0 || legal[keeps[0]].IsClue() {
			continue // more than one line, or none worth a test
		}
		// The only move: every other loses a point, and the solver's
		// endgame, which counts the real deal among its deals, gives it
		// the best chance.
		s.forget()
		e := s.endgame(g.Turn(), g, best, 1000)
		top := e.Moves[keeps[0]].Win
		for j, m := range e.Moves {
			if !slices.Contains(keeps, j) && m.Win > top {
				t.Fatalf("deal %d: %s wins %v, the only line %s %v", i, m.Move.Text, m.Win, e.Moves[keeps[0]].Move.Text, top)
			}
		}
		if top == 0 {
			t.Fatalf("deal %d: the only line wins no deal", i)
		}
		return
	}
	t.Fatal("no deal among them is won by one move only")
}
