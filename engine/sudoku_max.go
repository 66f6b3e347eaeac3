package engine

// sudokuMaxPossible is maxPossible in Sudoku: a started firework runs on
// from its first card, wrapping round; the others each need a first card
// that no other firework started with, given out so that the sum is
// highest.
func (r *rules) sudokuMaxPossible(dead uint64, played, start *[MaxSuits]uint8) int {
	var m sudokuMatch
	used := uint8(0) // first cards taken, bit k for rank k+1
	total := 0
	for s := range r.cfg.Suits {
		n := int(r.topRank[s])
		for k := range n {
			c := 0
			for c < n && r.alive(dead, s, uint8((k+c)%n+1)) {
				c++
			}
			m.from[s][k] = uint8(c)
		}
		if played[s] > 0 {
			total += int(m.from[s][start[s]-1])
			used |= 1 << (start[s] - 1)
			continue
		}
		m.open[m.nOpen], m.width[m.nOpen] = s, uint8(n)
		m.nOpen++
	}
	for i := range m.nOpen {
		for j := range m.best[i] {
			m.best[i][j] = 255
		}
	}
	return total + int(m.solve(0, used))
}

// sudokuMatch gives the fireworks that have not started their first cards.
type sudokuMatch struct {
	from  [MaxSuits][MaxRank]uint8 // from[s][k]: the cards firework s takes starting at rank k+1
	open  [MaxSuits]int            // the fireworks with no card yet
	width [MaxSuits]uint8          // their highest ranks
	nOpen int
	best  [MaxSuits][1 << MaxRank]uint8 // best[i][m]: the most open[i:] take with first cards m taken; 255 unknown
}

func (m *sudokuMatch) solve(i int, used uint8) uint8 {
	if i == m.nOpen {
		return 0
	}
	if b := m.best[i][used]; b != 255 {
		return b
	}
	s := m.open[i]
	b := m.solve(i+1, used) // a firework may get no first card at all
	for k := range m.width[i] {
		if used&(1<<k) == 0 {
			b = max(b, m.from[s][k]+m.solve(i+1, used|1<<k))
		}
	}
	m.best[i][used] = b
	return b
}

// sudokuLiveMax is the maximum score hanab.live's server keeps in Sudoku
// (variants_sudoku.go, GetMaxScore), which it ends a game at. It differs
// from the true maximum in two ways. A first card in a stretch of ranks
// left before a rank with no copy left counts the whole stretch, not the
// part of it from that card on (a firework of 4 ranks whose 3s are gone
// counts 2 from a 2, where it can take one card). And its search for the
// best first cards of the fireworks that have none (liveAssign) may give
// two of them the same card. A firework whose every rank is left counts
// whole without taking a first card; a started firework counts its run.
func (r *rules) sudokuLiveMax(dead uint64, played, start *[MaxSuits]uint8) int {
	var runs [MaxSuits][MaxRank]uint8 // runs[s][k]: the count from rank k+1
	var open [MaxSuits]int
	nOpen, total := 0, 0
	used := uint8(0) // first cards taken, bit k for rank k+1
	for s := range r.cfg.Suits {
		n := int(r.topRank[s])
		if played[s] > 0 {
			used |= 1 << (start[s] - 1) // whether or not it counts whole
		}
		// Each stretch of ranks left is written whole over its ranks; the
		// one after the last rank gone wraps round into the first.
		last := -1
		for k := range n {
			runs[s][k] = uint8(n)
			if !r.alive(dead, s, uint8(k+1)) {
				for w := last + 1; w < k; w++ {
					runs[s][w] = uint8(k - last - 1)
				}
				runs[s][k] = 0
				last = k
			}
		}
		if last == -1 {
			total += n // every rank left
			continue
		}
		for w := last + 1; w < n; w++ {
			runs[s][w] = uint8(min(int(runs[s][0])+n-w, n))
		}
		if played[s] > 0 {
			total += int(runs[s][start[s]-1])
			continue
		}
		open[nOpen] = s
		nOpen++
	}
	var free [MaxRank]uint8 // the first cards no firework took, as ranks
	nFree := 0
	for k := range int(r.topRank[0]) {
		if used&(1<<k) == 0 {
			free[nFree] = uint8(k + 1)
			nFree++
		}
	}
	return total + liveAssign(&runs, open[:nOpen], free[:nFree])
}

// liveAssign is the most that the open fireworks take, each given one of
// the free first cards, in the way hanab.live's server searches for it: it
// tries the cards in order, firework after firework, and counts every
// complete assignment it reaches (none: 0). When it moves an earlier
// firework on to its next card, it frees the card a later firework last
// held, even when that is the card just taken, so a later firework may
// take it a second time; those assignments count too.
func liveAssign(runs *[MaxSuits][MaxRank]uint8, open []int, free []uint8) int {
	if len(open) == 0 {
		return 0
	}
	var at [MaxSuits]int // the index into free each open firework holds, -1 for none
	var taken [MaxRank]bool
	for i := range open {
		at[i] = -1
	}
	best := 0
	for i := 0; i >= 0; {
		if at[i] >= 0 {
			taken[at[i]] = false
		}
		next := -1
		for j := at[i] + 1; j < len(free); j++ {
			if !taken[j] {
				next = j
				break
			}
		}
		if next < 0 {
			i-- // at[i] keeps the card it last held
			continue
		}
		at[i], taken[next] = next, true
		if i < len(open)-1 {
			for h := i + 1; h < len(open); h++ {
				if at[h] >= 0 {
					taken[at[h]] = false
				}
				at[h] = -1
			}
			i++
			continue
		}
		sum := 0
		for h, s := range open {
			sum += int(runs[s][free[at[h]]-1])
		}
		best = max(best, sum)
	}
	return best
}
