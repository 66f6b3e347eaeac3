package analysis

import (
	"math/rand/v2"

	"github.com/hanabi-server/hanabi/engine"
)

// The deals a seat cannot tell from the real one: its own cards and the
// deck's order are unknown to it, everything else it sees. The cards it
// has not seen are exactly those of its hand and the deck (their faces are
// the pool), and each card of its hand can be only what its clues allow
// (the engine's deductions). A deal gives each of those cards a face from
// the pool. Every physical order of the cards being equally likely, every
// such deal is: each is the same number of orders of the pool's copies.

// dealSpace is the deals consistent with what seat knows in g.
type dealSpace struct {
	hand  []int             // the seat's card ids
	deck  []int             // the deck's card ids, in drawing order
	allow []uint64          // per hand card, the faces (see engine.Ident) its clues allow
	faces []engine.Card     // per identity in the pool, its face
	count []int             // per identity, its copies in the pool
	ways  map[string]uint64 // memo of completions (see completions)
}

func newDealSpace(g *engine.Game, seat int) *dealSpace {
	d := &dealSpace{hand: g.Hand(seat), ways: map[string]uint64{}}
	for id := g.Config().DeckSize() - g.DeckCount(); id < g.Config().DeckSize(); id++ {
		d.deck = append(d.deck, id)
	}
	v := g.View(seat)
	index := map[engine.Card]int{}
	add := func(id int) {
		c := g.Card(id)
		i, ok := index[c]
		if !ok {
			i = len(d.faces)
			index[c] = i
			d.faces = append(d.faces, c)
			d.count = append(d.count, 0)
		}
		d.count[i]++
	}
	for _, id := range d.hand {
		add(id)
	}
	for _, id := range d.deck {
		add(id)
	}
	for _, cv := range v.Hand(seat) {
		d.allow = append(d.allow, cv.Possible)
	}
	return d
}

func (d *dealSpace) allowed(slot, i int) bool {
	c := d.faces[i]
	return d.allow[slot]&(1<<engine.Ident(c.Suit, c.Rank)) != 0
}

// size is the number of distinct deals: the hands the clues allow, each
// with every order of the rest in the deck. It saturates at the largest
// uint64.
func (d *dealSpace) size() uint64 {
	count := append([]int(nil), d.count...)
	var walk func(slot int) uint64
	walk = func(slot int) uint64 {
		if slot == len(d.hand) {
			return arrangements(count)
		}
		var n uint64
		for i := range count {
			if count[i] > 0 && d.allowed(slot, i) {
				count[i]--
				n = satAdd(n, walk(slot+1))
				count[i]++
			}
		}
		return n
	}
	return walk(0)
}

// arrangements is the number of distinct orders of a multiset.
func arrangements(count []int) uint64 {
	n, out := 0, uint64(1)
	for _, c := range count {
		for k := 1; k <= c; k++ {
			n++
			// out * n / k stays whole at every step (binomials).
			out = satMul(out, uint64(n)) / uint64(k)
		}
	}
	return out
}

func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}

func satMul(a, b uint64) uint64 {
	if a != 0 && b > ^uint64(0)/a {
		return ^uint64(0)
	}
	return a * b
}

// each calls f with every deal in turn (the faces of hand then deck ids),
// until f returns false.
func (d *dealSpace) each(f func(faces []engine.Card) bool) {
	count := append([]int(nil), d.count...)
	faces := make([]engine.Card, len(d.hand)+len(d.deck))
	// A hand's slot takes only what its clues allow; the deck takes any.
	var place func(pos int) bool
	place = func(pos int) bool {
		if pos == len(faces) {
			return f(faces)
		}
		inHand := pos < len(d.hand)
		for i := range count {
			if count[i] == 0 || inHand && !d.allowed(pos, i) {
				continue
			}
			count[i]--
			faces[pos] = d.faces[i]
			ok := place(pos + 1)
			count[i]++
			if !ok {
				return false
			}
		}
		return true
	}
	place(0)
}

// completions is the number of ways to give the hand cards from slot on
// copies of the pool left in count (copies told apart).
func (d *dealSpace) completions(slot int, count []int) uint64 {
	if slot == len(d.hand) {
		return 1
	}
	key := string(rune(slot))
	for _, c := range count {
		key += string(rune(c))
	}
	if n, ok := d.ways[key]; ok {
		return n
	}
	var n uint64
	for i := range count {
		if count[i] > 0 && d.allowed(slot, i) {
			c := uint64(count[i])
			count[i]--
			n = satAdd(n, satMul(c, d.completions(slot+1, count)))
			count[i]++
		}
	}
	d.ways[key] = n
	return n
}

// sample draws a deal uniformly at random: each hand card a copy in
// proportion to the ways the other hand cards can still be given theirs,
// then the copies left in a random order for the deck.
func (d *dealSpace) sample(rng *rand.Rand, faces []engine.Card) []engine.Card {
	count := append([]int(nil), d.count...)
	faces = faces[:0]
	for slot := range d.hand {
		total := d.completions(slot, count)
		pick := rng.Uint64N(total)
		for i := range count {
			if count[i] == 0 || !d.allowed(slot, i) {
				continue
			}
			c := uint64(count[i])
			count[i]--
			w := satMul(c, d.completions(slot+1, count))
			if pick < w {
				faces = append(faces, d.faces[i])
				break
			}
			count[i]++
			pick -= w
		}
	}
	rest := len(faces)
	for i, c := range count {
		for range c {
			faces = append(faces, d.faces[i])
		}
	}
	tail := faces[rest:]
	rng.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
	return faces
}
