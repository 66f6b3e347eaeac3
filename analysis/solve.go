package analysis

import (
	"context"

	"github.com/hanabi-server/hanabi/engine"
)

// The search decides whether a final score can still be reached from a
// state of a deal whose every card is known: the table plays as one, and
// the deck's order is fixed, so the game is a puzzle for one player. It is
// a depth-first search over the engine's own moves (engine.DistinctMoves:
// every play and discard, and one clue for each effect a clue can have),
// applied by the engine. It is exact: it prunes a state only when an upper
// bound that the rules guarantee (engine.ScoreBound: the highest score
// still possible, and no more plays than turns that can still play them)
// is below the score sought, and it remembers what it decided of each
// state under its engine.Key, which holds everything the state's future
// depends on. The likeliest moves come first (a card that extends its
// firework, a card no longer needed let go, a clue to wait, a card with a
// copy left let go, a misplay, the last copy of a needed card let go), so
// that a line reaching the score is usually found at once; proving a score
// out of reach takes the whole tree, which the bound and the table keep
// small.

// bounds are what the search knows of a state's best final score: lo is
// reached by some line, and no line reaches more than hi.
type bounds struct{ lo, hi int8 }

// solver searches the futures of one deal at a time (a Key leaves the
// deck out: a new deal needs forget).
type solver struct {
	ctx   context.Context
	err   error
	tt    *table
	nodes int64
	// levels holds each depth's moves and child, reused from search to
	// search so that a search allocates nothing once it has been as deep.
	levels []*level
}

type level struct {
	moves []engine.Action
	ranks []int8
	child engine.Game
}

func newSolver(ctx context.Context) *solver {
	return &solver{ctx: ctx, tt: newTable()}
}

// forget empties the table for another deal.
func (s *solver) forget() { s.tt.forget() }

// best is the highest final score reachable from g, knowing that lo is
// reached (a line from g scores it) and no more than hi can be. It returns
// lo with s.err set if the context ends first.
func (s *solver) best(g *engine.Game, lo, hi int) int {
	hi = min(hi, g.ScoreBound())
	for v := hi; v > lo; v-- {
		if s.reach(g, v) {
			return v
		}
		if s.err != nil {
			return lo
		}
	}
	return lo
}

// Before it searches the whole tree, the solver looks for a line that
// reaches the score among those that stray little from the likeliest
// moves (a limited discrepancy search): a good line usually makes the
// likeliest move almost everywhere, and a depth-first search that went
// astray near the root would try every continuation of its mistake before
// it reconsidered. A probe only finds lines; what it fails to find it
// leaves to the full search, and it records nothing of its failures.

// maxDiscrepancies is how far the probes stray: each extra one multiplies
// their cost by about the game's length.
const maxDiscrepancies = 2

// reach reports whether a final score of at least v can be reached from g:
// first among the lines that stray little from the likeliest moves (see
// maxDiscrepancies), then among all.
func (s *solver) reach(g *engine.Game, v int) bool {
	k, bound := g.Key(), g.ScoreBound()
	for d := 0; d <= maxDiscrepancies; d++ {
		if s.search(g, k, v, 0, bound, d) {
			return true
		}
	}
	return s.search(g, k, v, 0, bound, everyLine)
}

// everyLine is search's d for the whole tree.
const everyLine = -1

// search reports whether a line from g at depth, whose key is k and
// ScoreBound bound, reaches v, among those that depart from the likeliest
// move at most d times (everyLine: among all). A found line's states are
// recorded as reaching v; a state the whole tree's search finds cannot,
// as not reaching it (a probe, which looked at part of the tree only,
// records nothing of its failures).
func (s *solver) search(g *engine.Game, k engine.Key, v, depth, bound, d int) bool {
	if g.Over() {
		return g.Score() >= v
	}
	if v <= 0 {
		return true
	}
	b, known := s.tt.get(&k)
	if !known {
		b = bounds{lo: 0, hi: int8(bound)}
	}
	if v <= int(b.lo) {
		return true
	}
	if v > int(b.hi) {
		return false
	}
	lv := s.expand(g, depth)
	if lv == nil {
		return false
	}
	c := &lv.child
	for i, a := range lv.moves {
		left := d
		if d != everyLine {
			if i > d {
				break // each move past the likeliest is one departure more
			}
			left = d - i
		}
		g.SearchCopy(c)
		if _, err := c.Apply(a); err != nil {
			continue // DistinctMoves lists legal moves only
		}
		cb := c.ScoreBound()
		if cb < v {
			continue
		}
		if s.search(c, c.Key(), v, depth+1, cb, left) {
			b.lo = int8(v)
			s.tt.put(&k, b)
			return true
		}
		if s.err != nil {
			return false
		}
	}
	if d == everyLine {
		b.hi = int8(v - 1)
		s.tt.put(&k, b)
	}
	return false
}

func (s *solver) level(depth int) *level {
	for len(s.levels) <= depth {
		s.levels = append(s.levels, &level{})
	}
	return s.levels[depth]
}

// order fills lv.moves with g's distinct moves, likeliest first (see
// moveRank); within a rank, in the engine's order.
func (s *solver) order(g *engine.Game, lv *level) {
	lv.moves = g.DistinctMoves(lv.moves)
	lv.ranks = lv.ranks[:0]
	needed := g.Needed()
	for _, a := range lv.moves {
		lv.ranks = append(lv.ranks, moveRank(g, a, needed))
	}
	m, r := lv.moves, lv.ranks
	for i := 1; i < len(m); i++ {
		for j := i; j > 0 && r[j] < r[j-1]; j-- {
			m[j], m[j-1] = m[j-1], m[j]
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
}

// moveRank orders the moves a good player would make first: a card that
// extends its firework (the lower its rank, the sooner), a card no longer
// needed let go, a card another hand holds a copy of let go, a clue to
// wait, a card with a copy left in the deck let go, a strike with a card
// not needed, and last the moves that lose a card for good.
func moveRank(g *engine.Game, a engine.Action, needed uint64) int8 {
	if a.IsClue() {
		return 20
	}
	c := g.Card(a.Card)
	play := g.Config().Plays(a, c)
	need := needed&(1<<engine.Ident(c.Suit, c.Rank)) != 0
	switch {
	case play && g.Extends(c):
		return int8(c.Rank) // 1–7
	case !need && !play:
		return 10
	case !need:
		return 40
	case play:
		return 50
	case g.HeldCopies(c) > 1:
		return 15
	case g.CopiesLeft(c) > 1:
		return 30
	}
	return 60
}

// expand counts a node and lists g's moves at depth, likeliest first; nil
// when the search must stop. Its context is asked only every 4,096 nodes,
// which keeps the check off the hot path.
func (s *solver) expand(g *engine.Game, depth int) *level {
	if s.nodes++; s.nodes&4095 == 0 && s.err == nil {
		s.err = s.ctx.Err()
	}
	if s.err != nil {
		return nil
	}
	lv := s.level(depth)
	s.order(g, lv)
	return lv
}
