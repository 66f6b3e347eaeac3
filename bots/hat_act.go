package bots

import (
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// Act follows a fixed order: play a card known playable (unless the next
// seat is about to discard a last copy: a save first); gamble on a card
// that is playable or harmless to lose early on; clue when someone holds a
// playable card they do not know of (or when notes would go to waste);
// otherwise discard, the safest card first.
func (h *hatPlayer) Act(v *engine.View) engine.Action {
	if h.alone {
		return swapAct(v, h.fallback.Act(v), h.swapped)
	}
	me := h.seat
	own := h.hands[me][:h.handLen[me]]
	pw := h.privateWeights()
	unsure := h.mayPlayUnsure(v)
	var pPlay [engine.MaxHand]float64
	best, bestScore := -1, -1.0
	for i, id := range own {
		m := h.pub[id]
		pPlay[i] = prob(m, h.b.playable, &pw)
		_, named := h.knownAs(m, &pw)
		if m != 0 && pPlay[i] == 1 && h.sideKnown(m) && (unsure || named) {
			if s := h.playScore(m, &pw); s > bestScore {
				best, bestScore = i, s
			}
		}
	}
	if best >= 0 && h.notes > 0 && h.d.cfg.ClueShows == engine.ShowsAll && h.inDanger((me+1)%h.n) {
		// A save cannot wait, a play can (basic, 2 players: 23.27 ->
		// 23.53 of 25). Not where a clue's value does not show (Cow &
		// Pig, Duck): it tells the endangered seat less, and the play
		// is worth more (-0.1).
		if a, ok := h.clue(v); ok {
			return a
		}
	}
	if best >= 0 {
		return h.scoreMove(own[best], h.pub[own[best]])
	}
	threshold := h.d.deckSize - h.d.maxScore - h.n*h.d.handSize
	if h.storm > 1 && h.b.discards <= threshold && unsure {
		best = -1
		for i, id := range own {
			m := h.pub[id]
			if prob(m, h.b.playable|h.b.dead, &pw) == 1 && pPlay[i] > 0.75 && h.sideKnown(m) && (best < 0 || pPlay[i] > pPlay[best]) {
				best = i
			}
		}
		if best >= 0 {
			return h.scoreMove(own[best], h.pub[own[best]])
		}
	}
	privUseless := h.privateUseless(own, &pw)
	// On the game's last turn a clue has nobody left to serve.
	if h.willClue(privUseless, threshold) && v.FinalTurnsLeft != 1 {
		if a, ok := h.clue(v); ok {
			return a
		}
	}
	if h.notes >= h.max {
		// A clue was due but could not be given as meant: a play is the
		// only other legal move.
		i := argmax(pPlay[:len(own)])
		return h.scoreMove(own[i], h.pub[own[i]])
	}
	if h.deck == 0 && h.storm > 1 && unsure {
		// The last round: a card that might play is worth more than a note.
		if i := argmax(pPlay[:len(own)]); pPlay[i] > 0 {
			return h.scoreMove(own[i], h.pub[own[i]])
		}
	}
	pub := h.pub
	if h.notes > 0 {
		h.nobodyNeedsClue(me, &pub)
	}
	if useless := h.publicUseless(me, &pub); len(useless) > 1 {
		// Which of the known-useless cards goes is itself a hat sum.
		id := useless[h.sum(len(useless), &pub)]
		return h.throwMove(id, h.pub[id])
	}
	if len(privUseless) > 0 {
		return h.throwMove(privUseless[0], h.pub[privUseless[0]])
	}
	best, bestScore = 0, -1.0
	for i, id := range own {
		m := h.pub[id]
		s := h.discardScore(m)
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	if m := h.pub[own[best]]; !h.sideKnown(m) {
		return h.leastRisk(v, own, &pw)
	}
	return h.throwMove(own[best], h.pub[own[best]])
}

func (h *hatPlayer) willClue(privUseless []int, threshold int) bool {
	switch {
	case h.notes == 0:
		return false
	case h.notes >= h.max:
		return true
	case h.someoneNeedsClue():
		return true
	case h.n == 2 && h.deck > 0 && h.deck <= 2:
		// The deck is about to run out: a clue keeps it from running
		// out for one more turn (2 players: +0.05; at more, -0.01).
		return true
	case h.b.discards <= threshold && len(privUseless) > 0:
		return false
	case h.someoneCanPlay():
		return true
	}
	return h.notes > h.max/2
}

func (h *hatPlayer) someoneNeedsClue() bool {
	for p := range h.n {
		if p != h.seat && h.holdsPlayable(p) && !h.knowsPlayable(p, &h.pub) {
			return true
		}
	}
	// The next seat to act is about to throw away a last copy.
	return h.inDanger((h.seat + 1) % h.n)
}

// discardScore orders a seat's cards for discarding when none is known to
// be useless: cards that are probably not a last copy first, then those
// most likely already useless, then high ones.
// It uses only public knowledge, so that the other seats can predict the
// discard, warn of it (inDanger) and answer questions about it (askSafe).
// A card whose side is not known (hat_orange.go) goes last.
func (h *hatPlayer) discardScore(m uint64) float64 {
	s := 10*(1-prob(m, h.b.critical, &h.pubW)) + 5*prob(m, h.b.dead, &h.pubW) + meanRank(m, &h.pubW)
	if !h.sideKnown(m) {
		s -= 100
	}
	return s
}

// inDanger reports whether seat p, knowing of nothing to play or throw
// away, would likely discard a card that is the last of its kind.
func (h *hatPlayer) inDanger(p int) bool {
	if h.knowsPlayable(p, &h.pub) {
		return false
	}
	best, bestScore := -1, -1.0
	for _, id := range h.hands[p][:h.handLen[p]] {
		m := h.pub[id]
		if m == 0 {
			continue
		}
		if m&^h.b.dead == 0 {
			return false
		}
		s := h.discardScore(m)
		if s > bestScore {
			best, bestScore = id, s
		}
	}
	return best >= 0 && h.b.critical&bit(h.ident[best]) != 0
}

func (h *hatPlayer) someoneCanPlay() bool {
	for p := range h.n {
		if p != h.seat && h.holdsPlayable(p) {
			return true
		}
	}
	return false
}

func (h *hatPlayer) holdsPlayable(p int) bool {
	for _, id := range h.hands[p][:h.handLen[p]] {
		if x := h.ident[id]; x >= 0 && h.b.playable&bit(x) != 0 {
			return true
		}
	}
	return false
}

// playScore prefers low cards (more depends on them) that nobody else holds.
func (h *hatPlayer) playScore(m uint64, w *[64]int) float64 {
	var sum, all float64
	forEach(m, func(x int) {
		with := 1
		if h.deck > 0 {
			for p := range h.n {
				if p != h.seat && h.holds(p, x) {
					with++
				}
			}
		}
		sum += float64(w[x]) * (10 - float64(x&7)) / float64(with)
		all += float64(w[x])
	})
	if all == 0 {
		return 0
	}
	return sum / all
}

func (h *hatPlayer) holds(p, x int) bool {
	for _, id := range h.hands[p][:h.handLen[p]] {
		if h.ident[id] == x {
			return true
		}
	}
	return false
}

func (h *hatPlayer) privateUseless(own []int, w *[64]int) []int {
	return h.useless(own, &h.pub, func(m uint64) bool { return prob(m, h.b.dead, w) == 1 })
}

func meanRank(m uint64, w *[64]int) float64 {
	var sum, all float64
	forEach(m, func(x int) {
		sum += float64(w[x]) * float64(x&7)
		all += float64(w[x])
	})
	if all == 0 {
		return 0
	}
	return sum / all
}

func argmax(xs []float64) int {
	best := 0
	for i, x := range xs {
		if x > xs[best] {
			best = i
		}
	}
	return best
}

// clue turns this seat's hat sum into the clue that means it.
func (h *hatPlayer) clue(v *engine.View) (engine.Action, bool) {
	pub := h.pub
	return h.clueValue(v, h.sum(h.width*(h.n-1), &pub))
}

// clueValue is the clue that announces hat sum s, if it can be given.
func (h *hatPlayer) clueValue(v *engine.View, s int) (engine.Action, bool) {
	target := (h.seat + 1 + s/h.width) % h.n
	meaning := s % h.width
	cfg := h.d.cfg
	if h.focusK == 0 {
		a := engine.ClueColor(target, meaning)
		if c := len(cfg.ClueColors); meaning >= c {
			a = engine.ClueRank(target, cfg.ClueRanks[meaning-c])
		}
		return a, v.Check(a) == nil
	}
	return h.clueMeaning(v, target, meaning)
}

// goodness is how much a clue narrows the target's cards, by the factor
// their possibilities shrink, counting double a card it settles.
func (h *hatPlayer) goodness(a engine.Action, touched uint64, target int) float64 {
	set := h.d.touchMask(a)
	g := 1.0
	for _, id := range h.hands[target][:h.handLen[target]] {
		m := h.pub[id]
		if m&^h.b.dead == 0 || bits.OnesCount64(m) <= 1 {
			continue
		}
		n := m &^ set
		if touched&bit(id) != 0 {
			n = m & set
		}
		before, after := h.weightOf(m), h.weightOf(n)
		if after == 0 {
			continue
		}
		bonus := 1.0
		if bits.OnesCount64(n) == 1 || n&^h.b.dead == 0 {
			bonus = 2
		}
		g *= bonus * float64(before) / float64(after)
	}
	return g
}

func (h *hatPlayer) weightOf(m uint64) int {
	w := 0
	forEach(m, func(x int) { w += h.pubW[x] })
	return w
}
