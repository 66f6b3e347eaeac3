package bots

import (
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// The hat in Throw It in a Hole, where a card played goes face down and no
// view shows the fireworks. Every seat saw each other seat's cards, so it
// knows what they played; its own plays are the one gap, and the hat closes
// it by convention: a seat plays a card only when it knows which card it is
// (the hat asks that of a card known playable before anything else, see
// ask), so every seat knows every play and keeps the true fireworks and
// storm count (bots/hole.go) as the public record needs them. The one
// exception is a seat's last turn, when its record no longer matters.

// holePlay takes a card that went face down into the seat's record of the
// fireworks. A card of its own it could not name (a last-turn gamble, or a
// play forced by full notes) leaves the record unsure: the seat plays by
// the conventions from then on.
func (h *hatPlayer) holePlay(ev engine.Event) {
	id := ev.Action.Card
	if ev.Seat == h.seat {
		pw := h.privateWeights()
		if x, ok := h.knownAs(h.pub[id], &pw); ok {
			h.hole.seen[id] = x + 1
		} else {
			h.hole.poss[id] = h.pub[id]
			h.alone = true
		}
	}
	h.hole.played(h.d.cfg, id, h.b.playable)
}

// knownAs is the one identity a card with public possibilities m can be,
// as the seat with private copies w sees it.
func (h *hatPlayer) knownAs(m uint64, w *[64]int) (int, bool) {
	forEach(m, func(x int) {
		if w[x] == 0 {
			m &^= bit(x)
		}
	})
	if bits.OnesCount64(m) != 1 {
		return 0, false
	}
	return bits.TrailingZeros64(m), true
}

// privateWeights are the public copies of each identity less those this
// seat sees in the other hands.
func (h *hatPlayer) privateWeights() [64]int {
	pw := h.pubW
	for p := range h.n {
		if p == h.seat {
			continue
		}
		for _, id := range h.hands[p][:h.handLen[p]] {
			if x := h.ident[id]; x >= 0 {
				pw[x] = max(pw[x]-1, 0)
			}
		}
	}
	return pw
}

// mayPlayUnsure reports whether the seat may play a card it cannot name:
// anywhere but in a hole, or on its last turn.
func (h *hatPlayer) mayPlayUnsure(v *engine.View) bool {
	return h.hole == nil || v.FinalTurnsLeft > 0
}
