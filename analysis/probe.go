package analysis

import "github.com/hanabi-server/hanabi/engine"

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

// probe reports whether a line from g that departs from the likeliest
// move at most d times reaches v; a found line's states are recorded as
// reaching v.
func (s *solver) probe(g *engine.Game, v, d, depth int) bool {
	if g.Over() {
		return g.Score() >= v
	}
	k := g.Key()
	b, known := s.tt.get(&k)
	if known && v <= int(b.lo) {
		return true
	}
	if known && v > int(b.hi) || g.ScoreBound() < v {
		return false
	}
	lv := s.expand(g, depth)
	if lv == nil {
		return false
	}
	c := &lv.child
	for i, a := range lv.moves {
		if i > d {
			break // each move past the likeliest is one departure more
		}
		g.SearchCopy(c)
		if _, err := c.Apply(a); err != nil {
			continue
		}
		if s.probe(c, v, d-i, depth+1) {
			if !known {
				b = bounds{hi: int8(g.ScoreBound())}
			}
			b.lo = int8(max(int(b.lo), v))
			s.tt.put(&k, b)
			return true
		}
		if s.err != nil {
			return false
		}
	}
	return false
}
