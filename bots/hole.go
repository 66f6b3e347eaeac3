package bots

import (
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// hole is what one seat can tell of the cards played face down (hanab.live's
// Throw It in a Hole), whose views show no firework until the end. A seat
// saw every other seat's cards, so it knows what they played; of its own it
// knows only its deductions. From that it keeps the fireworks as it
// believes them: a card it knew extends its firework or not by the rules,
// and one of its own that it could not name is taken for the one playable
// identity it could be, when there is exactly one (else it is left out).
type hole struct {
	seen [engine.MaxDeck]int    // identity+1 of each card seen in another seat's hand; 0 unknown
	poss [engine.MaxDeck]uint64 // this seat's deductions about each of its own cards, when last held
	fw   [engine.MaxSuits]int   // each firework's top card, as believed
	gone [64]int                // copies believed gone face down, played or not
	// storms counts the misplays among them: the seat knows every play it
	// could name, and a seat that plays only what it can name knows them all.
	storms int
}

// note records what v shows of the hands.
func (h *hole) note(v *engine.View) {
	for p := range v.Players {
		for _, cv := range v.Hand(p) {
			switch {
			case p == v.Seat:
				h.poss[cv.ID] = cv.Possible
			case cv.Known:
				h.seen[cv.ID] = ident(cv.Card) + 1
			}
		}
	}
}

// played takes card id, played face down, into the belief; playable is
// what the seat believed playable before the play.
func (h *hole) played(cfg *engine.Config, id int, playable uint64) {
	x := h.seen[id] - 1
	if x < 0 {
		m := h.poss[id]
		if bits.OnesCount64(m) != 1 {
			m &= playable
		}
		if bits.OnesCount64(m) != 1 {
			return
		}
		x = bits.TrailingZeros64(m)
	}
	s, r := x>>3, x&7
	h.gone[x]++
	if cfg.Playable(s, h.fw[s], r) {
		h.fw[s] = r
	} else {
		h.storms++
	}
}

// loadHole is load for a view whose plays are hidden: the fireworks and the
// cards gone face down are the seat's belief h.
func (b *board) loadHole(d *deckInfo, v *engine.View, h *hole) {
	*b = board{d: d, discards: len(v.Discards)}
	for _, c := range v.Discards {
		b.gone[ident(c.Card)]++
	}
	for x, n := range h.gone {
		b.gone[x] += n
	}
	for s := range d.suits {
		if h.fw[s] != 0 {
			b.fw[s] = b.posOf(s, h.fw[s])
		}
	}
	b.derive()
}
