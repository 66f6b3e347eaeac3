package bots

import (
	"github.com/hanabi-server/hanabi/engine"
)

// What a card may be, at three depths: pub, what its clues say less the
// identities whose every copy is gone (anyone can tell); common, that and
// what the conventions say of it (the table agrees on it); mine, for the
// seat's own cards, that less the identities whose every copy it sees.

func (h *hgPlayer) gone() uint64 { return h.goneMask }

func (h *hgPlayer) pub(cv *engine.CardView) uint64 {
	m := h.d.knowMask(cv)
	if r := m &^ h.gone(); r != 0 {
		return r
	}
	return m
}

// common is pub narrowed by the card's note; a touched card is, by good
// touch, none of the cards that can no longer be played.
func (h *hgPlayer) common(cv *engine.CardView) uint64 {
	m := h.pub(cv)
	n := &h.note[cv.ID]
	if n.cands != 0 {
		if r := m & n.cands; r != 0 {
			m = r
		}
	}
	if n.touched || n.play {
		if r := m &^ h.b.dead; r != 0 {
			m = r
		}
	}
	return m
}

// mine is common less what the seat sees all copies of.
func (h *hgPlayer) mine(cv *engine.CardView) uint64 {
	m := h.common(cv)
	r := m
	forEach(m, func(x int) {
		if h.b.gone[x]+h.seen[x] >= h.d.count[x] {
			r &^= bit(x)
		}
	})
	// A touched card is not a copy of a card the seat sees touched
	// elsewhere (good touch), unless nothing else is left.
	if h.note[cv.ID].touched {
		if t := r &^ h.touchedSeen; t != 0 {
			r = t
		}
	}
	if r == 0 {
		return m
	}
	return r
}

// chop is the index of seat p's chop: its oldest card no clue touched and no
// chop move moved, -1 when there is none.
func (h *hgPlayer) chop(hand []engine.CardView) int {
	for i := len(hand) - 1; i >= 0; i-- {
		n := &h.note[hand[i].ID]
		if !n.touched && !n.cm && !n.play {
			return i
		}
	}
	return -1
}

// finessePos is the index of the hand's newest card that is untouched and
// not already expected to play (the finesse position), skipping used.
func (h *hgPlayer) finessePos(hand []engine.CardView, used uint64) int {
	for i := range hand {
		n := &h.note[hand[i].ID]
		if !n.touched && !n.play && !n.cm && used&bit(hand[i].ID) == 0 {
			return i
		}
	}
	return -1
}

// path is the identities a firework needs before x, in order, and false
// when x can never be played or its firework's way is not decided yet.
func (h *hgPlayer) path(x int) (hgPath, bool) {
	var out hgPath
	if h.b.playable&bit(x) != 0 {
		return out, true
	}
	if h.b.dead&bit(x) != 0 {
		return out, false
	}
	s := x >> 3
	d := h.d
	if d.sudoku && h.b.fw[s] == 0 || d.upOrDown && h.b.dir[s] == engine.Undecided {
		return out, false
	}
	p := h.b.posOf(s, x&7)
	if p <= h.b.fw[s]+1 || p > d.top[s] {
		return out, false
	}
	for q := h.b.fw[s] + 1; q < p; q++ {
		out.x[out.n] = s<<3 | h.b.rankAt(s, q)
		out.n++
	}
	return out, true
}

// hgPath is the identities a firework needs before a card, in order.
type hgPath struct {
	n int
	x [engine.MaxRank]int
}

// saveWorthy reports whether a clue a on the chop may save x: a 5 only by
// a 5 clue (the 5 save), a 2 by a 2 clue (the 2 save), any other card
// whose other copies are gone by any clue that touches it (a critical
// save). A clue whose value is hidden (Cow & Pig, Duck) may save any
// critical card.
func (h *hgPlayer) saveWorthy(x int, a engine.Action) bool {
	if h.b.dead&bit(x) != 0 {
		return false
	}
	s, r := x>>3, x&7
	five := r == 5 && !h.d.rev[s] && !h.d.upOrDown && !h.d.sudoku
	hidden := a.Kind == engine.HiddenClue || a.Value == engine.HiddenValue
	switch {
	case hidden:
		return h.b.critical&bit(x) != 0
	case five:
		return a.Kind == engine.RankClue && a.Value == 5
	case a.Kind == engine.RankClue && a.Value == 2 && r == 2 && !h.d.rev[s] && h.b.posOf(s, 2) > h.b.fw[s]:
		// A 2 only where the firework goes up from 1 (a reversed suit's 2
		// is its second last card).
		return true
	}
	return h.b.critical&bit(x) != 0
}

// twoSeen reports whether the other copy of a 2 is in sight in a hand but
// the target's, the giver's and the viewer's, and off its holder's chop:
// then nobody 2-saves this one (the visible rule), and a 2 clue on the chop
// is not read as a save of it.
func (h *hgPlayer) twoSeen(v *engine.View, x, target, giver, viewer int) bool {
	if x&7 != 2 || h.b.critical&bit(x) != 0 {
		return false
	}
	for p := range v.Players {
		if p == target || p == giver || p == viewer || p == h.seat {
			continue
		}
		hand := v.Hand(p)
		ch := h.chop(hand)
		for i := range hand {
			if i != ch && hand[i].Known && ident(hand[i].Card) == x {
				return true
			}
		}
	}
	return false
}
