package bots

import (
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// A card identity (suit, rank) is packed as suit<<3 | rank, so that every
// identity of every variant the engine allows fits one uint64 bit set: a
// card's possibilities are a set, and "could it be playable" is one AND.
func ident(c engine.Card) int { return c.Suit<<3 | c.Rank }
func bit(x int) uint64        { return 1 << uint(x) }
func forEach(m uint64, f func(int)) {
	for ; m != 0; m &= m - 1 {
		f(bits.TrailingZeros64(m))
	}
}

// deckInfo is what a variant's deck looks like, worked out once per player.
type deckInfo struct {
	cfg       *engine.Config
	count     [64]int // copies of each identity in the deck
	all       uint64  // identities that exist
	suitMask  [engine.MaxSuits]uint64
	rankMask  [engine.MaxRank + 1]uint64
	top       [engine.MaxSuits]int  // highest rank of each suit
	rev       [engine.MaxSuits]bool // the suit is played from its highest rank down
	sudoku    bool                  // fireworks start anywhere and wrap round
	upOrDown  bool                  // fireworks start with a 1, the highest rank or START, and go up or down
	suits     int
	handSize  int
	deckSize  int
	maxScore  int
	colorMask [engine.MaxColors]uint64   // identities each color clue touches
	clueMask  [engine.MaxRank + 1]uint64 // identities each rank clue touches
}

func newDeckInfo(cfg *engine.Config) *deckInfo {
	d := &deckInfo{cfg: cfg, suits: len(cfg.Suits), handSize: cfg.Hand(), deckSize: cfg.DeckSize(), maxScore: cfg.MaxScore()}
	for s := range cfg.Suits {
		d.rev[s] = cfg.Suits[s].Reversed
	}
	d.sudoku, d.upOrDown = cfg.Sudoku, cfg.UpOrDown
	for _, c := range cfg.Deck() {
		x := ident(c)
		d.count[x]++
		d.all |= bit(x)
		d.suitMask[c.Suit] |= bit(x)
		d.rankMask[c.Rank] |= bit(x)
	}
	for s := range cfg.Suits {
		d.top[s] = cfg.StackSize(s) // the highest rank, a START card aside
	}
	for col := range cfg.ClueColors {
		d.colorMask[col] = cfg.ClueMask(engine.ClueColor(0, col)) & d.all
	}
	for _, r := range cfg.ClueRanks {
		d.clueMask[r] = cfg.ClueMask(engine.ClueRank(0, r)) & d.all
	}
	return d
}

// touchMask is the set of identities clue a touches.
func (d *deckInfo) touchMask(a engine.Action) uint64 {
	if a.Kind == engine.ColorClue {
		return d.colorMask[a.Value]
	}
	return d.clueMask[min(max(a.Value, 0), engine.MaxRank)]
}

// knowMask is the set of identities a card may be, given the holder's clue
// deductions as the engine records them in every view.
func (d *deckInfo) knowMask(cv *engine.CardView) uint64 { return cv.Possible & d.all }

// board is the public state that decides what a card is worth: the fireworks
// and which copies are gone (played or discarded).
type board struct {
	d        *deckInfo
	fw       [engine.MaxSuits]int // cards played on each firework
	start    [engine.MaxSuits]int // in Sudoku and Up or Down, each firework's first card (0 for none)
	dir      [engine.MaxSuits]engine.Direction
	gone     [64]int // copies played or discarded
	discards int
	playable uint64 // identities that would extend a firework now
	dead     uint64 // identities that can never be played: already played, or a lower card is all gone
	critical uint64 // identities whose last copy is still out
	out      uint64 // identities of which some copy is still out (not gone)
}

func (b *board) load(d *deckInfo, v *engine.View) {
	*b = board{d: d, discards: len(v.Discards)}
	for _, c := range v.Discards {
		b.gone[ident(c.Card)]++
	}
	for s := range d.suits {
		b.start[s], b.dir[s] = v.Starts[s], v.Directions[s]
		b.fw[s] = b.posOf(s, v.Fireworks[s]) // the top card's position is the count
		if v.Fireworks[s] == 0 {
			b.fw[s] = 0
		}
		if d.upOrDown && v.Fireworks[s] == engine.StartRank {
			b.fw[s] = 1 // START alone
		}
		for p := 1; p <= b.fw[s]; p++ {
			b.gone[s<<3|b.rankAt(s, p)]++
		}
	}
	b.derive()
}

func (b *board) derive() {
	d := b.d
	b.playable, b.dead, b.critical, b.out = 0, 0, 0, 0
	for s := range d.suits {
		// Positions count the cards of a firework in the order they are
		// played: the rank itself, or for a reversed suit from the top down.
		if d.sudoku && b.fw[s] == 0 {
			b.deriveUnstarted(s)
			continue
		}
		if d.upOrDown && b.dir[s] == engine.Undecided {
			b.deriveUndecided(s)
			continue
		}
		reach := b.fw[s] // the furthest position the suit can still get to
		for p := b.fw[s] + 1; p <= d.top[s]; p++ {
			x := s<<3 | b.rankAt(s, p)
			if d.count[x] > 0 && b.gone[x] >= d.count[x] {
				break
			}
			reach = p
		}
		for r := 1; r <= engine.MaxRank; r++ {
			x := s<<3 | r
			if !b.tally(x) {
				continue
			}
			p := b.posOf(s, r)
			switch {
			case p <= b.fw[s] || p > reach:
				b.dead |= bit(x)
			case engine.Extends(b.fw[s], p):
				b.playable |= bit(x)
			}
			if p > b.fw[s] && p <= reach && d.count[x]-b.gone[x] == 1 {
				b.critical |= bit(x)
			}
		}
	}
}

// weight is how many copies of x may still be hidden somewhere, as far as
// the public knows.
func (b *board) weight(x int) int { return b.d.count[x] - b.gone[x] }

// prob is the chance that a card with possibilities m is in set, each
// identity weighted by its copies w (a per-viewer count of unseen copies).
func prob(m, set uint64, w *[64]int) float64 {
	var in, all int
	forEach(m, func(x int) {
		all += w[x]
		if set&bit(x) != 0 {
			in += w[x]
		}
	})
	if all == 0 {
		if m&^set == 0 && m != 0 {
			return 1
		}
		return 0
	}
	return float64(in) / float64(all)
}

// rankAt is the rank at position p of suit s's firework (the p-th card
// played): p itself, for a reversed suit counted from the top down, in
// Sudoku counted from the firework's first card round.
func (b *board) rankAt(s, p int) int {
	switch d := b.d; {
	case d.sudoku && b.start[s] != 0:
		return (b.start[s]-1+p-1)%d.top[s] + 1
	case d.upOrDown && p == 1 && b.start[s] == engine.StartRank:
		return engine.StartRank
	case d.rev[s], d.upOrDown && b.dir[s] == engine.Down:
		return d.top[s] + 1 - p
	}
	return p
}

// posOf is the position of rank r on suit s's firework (see rankAt).
func (b *board) posOf(s, r int) int {
	switch d := b.d; {
	case d.sudoku && b.start[s] != 0:
		return (r-b.start[s]+d.top[s])%d.top[s] + 1
	case d.upOrDown:
		return b.posUpOrDown(s, r)
	case d.rev[s]:
		return d.top[s] + 1 - r
	}
	return r
}

// posUpOrDown is posOf in Up or Down once a firework's direction is
// fixed: START or the 1 (the highest rank going down) is its first card,
// and the other of the two has no place (0: dead).
func (b *board) posUpOrDown(s, r int) int {
	n, down := b.d.top[s], b.dir[s] == engine.Down
	first := 1
	if down {
		first = n
	}
	switch {
	case r == engine.StartRank && b.start[s] == engine.StartRank, r == first && b.start[s] != engine.StartRank:
		return 1
	case r == engine.StartRank, r == first:
		return 0
	case down:
		return n + 1 - r
	}
	return r
}

// deriveUndecided is derive for an Up or Down firework whose direction is
// not fixed yet: empty, it takes a 1, the highest rank or START; on START,
// a 2 or the rank below the highest. No card is dead but a played START.
func (b *board) deriveUndecided(s int) {
	d := b.d
	n := d.top[s]
	next := [2]int{1, n}
	if b.fw[s] == 1 {
		next = [2]int{2, n - 1}
	}
	for r := 1; r <= engine.MaxRank; r++ {
		x := s<<3 | r
		if !b.tally(x) {
			continue
		}
		switch {
		case r == engine.StartRank && b.fw[s] == 1:
			b.dead |= bit(x)
			continue
		case r == next[0], r == next[1], r == engine.StartRank:
			b.playable |= bit(x)
		}
		if d.count[x]-b.gone[x] == 1 {
			b.critical |= bit(x)
		}
	}
}

// deriveUnstarted is derive for a Sudoku firework that has no card yet: it
// takes any rank no other firework started with, and no card is dead.
func (b *board) deriveUnstarted(s int) {
	d := b.d
	for r := 1; r <= d.top[s]; r++ {
		x := s<<3 | r
		if !b.tally(x) {
			continue
		}
		taken := false
		for o := range d.suits {
			taken = taken || (o != s && b.start[o] == r)
		}
		if !taken {
			b.playable |= bit(x)
		}
		if d.count[x]-b.gone[x] == 1 {
			b.critical |= bit(x)
		}
	}
}

// tally says whether identity x is dealt in the variant at all and, when
// it is, marks it out while some copy of it is not gone.
func (b *board) tally(x int) bool {
	if b.d.count[x] == 0 {
		return false
	}
	if b.gone[x] < b.d.count[x] {
		b.out |= bit(x)
	}
	return true
}
