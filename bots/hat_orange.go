package bots

import (
	"github.com/hanabi-server/hanabi/engine"
)

// The hat where some suits swap play and discard (hanab.live's Orange): a
// card of such a suit is played by discarding it and thrown away by
// playing it, so a seat must know which side a card is on before it does
// either, or a throw becomes a misplay. The hat treats the side as part of
// what a seat must know: a card known playable or dead but not known to be
// of a swapping suit or not is asked about that first (ask), a card is
// "known safe to throw" only when it is known not to swap (askSafe), and a
// card whose side is unknown is the last to be thrown (discardScore). The
// seat then makes the move that does what it means (scoreMove, throwMove).

// sideKnown reports whether a card with possibilities m is known to be of a
// swapping suit or known not to be.
func (h *hatPlayer) sideKnown(m uint64) bool {
	return m&h.swapped == 0 || m&^h.swapped == 0
}

// canScore reports whether a seat knowing m of a card knows enough to play
// it: its side, and in a hole which card it is.
func (h *hatPlayer) canScore(m uint64) bool {
	if !h.sideKnown(m) {
		return false
	}
	if h.hole == nil {
		return true
	}
	_, ok := h.knownAs(m, &h.pubW)
	return ok
}

// scoreMove is the move that plays card id, known to be one of m.
func (h *hatPlayer) scoreMove(id int, m uint64) engine.Action {
	if m != 0 && m&^h.swapped == 0 {
		return engine.DiscardCard(id)
	}
	return engine.PlayCard(id)
}

// throwMove is the move that throws card id, known to be one of m, away.
func (h *hatPlayer) throwMove(id int, m uint64) engine.Action {
	if m != 0 && m&^h.swapped == 0 {
		return engine.PlayCard(id)
	}
	return engine.DiscardCard(id)
}

// thrown reports whether a play or discard event put its card in the
// discards as meant: a discard, or a play of a swapping card.
func thrown(ev engine.Event) bool { return !ev.Played() }

// askSide asks of the first card known playable or dead whose holder cannot
// act on it yet what it lacks: its side, or in a hole which card it is (a
// card thrown away shows itself).
func (h *hatPlayer) askSide(masks []uint64, pPlay, pDead []float64, room int, q *question) bool {
	for i, m := range masks {
		switch {
		case m == 0:
		case (pPlay[i] == 1 && !h.canScore(m) || pDead[i] == 1) && !h.sideKnown(m):
			q.kind, q.info, q.slot, q.sets[0] = askIn, 2, i, h.swapped
			return true
		case pPlay[i] == 1 && !h.canScore(m) && h.partition(m, i, room, q):
			return true
		}
	}
	return false
}

// leastRisk is the play or discard least likely to be a misplay, for a
// seat that knows the side of none of its cards: a discard misplays a
// swapping card that is not playable, a play any other card that is not.
func (h *hatPlayer) leastRisk(v *engine.View, own []int, w *[64]int) engine.Action {
	best, bestRisk := engine.Action{}, 2.0
	for _, id := range own {
		m := h.pub[id]
		for _, a := range [2]engine.Action{engine.DiscardCard(id), engine.PlayCard(id)} {
			bad := h.swapped &^ h.b.playable
			if a.Kind == engine.Play {
				bad = h.d.all &^ h.swapped &^ h.b.playable
			}
			if r := prob(m, bad, w); r < bestRisk && v.Check(a) == nil {
				best, bestRisk = a, r
			}
		}
	}
	return best
}
