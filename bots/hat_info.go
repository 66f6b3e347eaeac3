package bots

import (
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// The hat trick: every player computes, for every other player, an answer in
// 0..T-1 from that player's hand (which everyone else sees) and the public
// knowledge of it. A clue names the sum of all the answers modulo T. Each
// receiver sees every hand but its own, so it subtracts the answers it can
// compute and is left with its own. The answers are chained questions ("which
// of your cards is playable?", "which block of this card's possibilities?")
// so that one number carries as much as fits.

// modInfo is a number val in 0..mod-1: how much of a hat answer is used.
// Questions are packed into it like digits of a mixed-radix number, and
// unpacked in the same order by the receiver.
type modInfo struct{ mod, val int }

// room is how many values the next question may have without overflowing max.
func (m modInfo) room(max int) int { return (max-m.val-1)/m.mod + 1 }

func (m *modInfo) push(q, answer, max int) {
	m.val += m.mod * answer
	m.mod = min(max, m.mod*q)
}

func (m *modInfo) pop(q int) int {
	v := m.val % q
	m.val /= q
	m.mod = (m.mod-v-1)/q + 1
	return v
}

type questionKind uint8

const (
	askNothing  questionKind = iota
	askWhich                 // which of these cards is the first in its set (playable, dead, safe), or none
	askPlayable              // is this one card playable
	askIn                    // is this one card in sets[0]
	askBlock                 // which block of a card's possibilities holds it
)

// question is one thing a hat answer tells a player about its hand. All
// fields are functions of public knowledge, so every seat builds the same one.
type question struct {
	kind  questionKind
	info  int // number of answers
	n     int
	slots [2 * engine.MaxHand]int8   // askWhich: cards asked about, in order
	sets  [2 * engine.MaxHand]uint64 // askWhich: the identities each card is asked to be in
	slot  int
	block [64]int8 // askBlock: block of each identity
}

// ask chooses the next question about a hand with possibilities masks, given
// room answers. The order of preference: if the player knows no playable
// card, find one (or a dead one to discard); if it knows no card it may
// safely discard, find one; then settle a card that is probably playable;
// then narrow the card least likely to be dead. In a hole, naming a card
// known playable comes first, and where suits swap play and discard,
// telling the side of one known playable or dead (see hat_orange.go).
func (h *hatPlayer) ask(masks []uint64, room int, q *question) bool {
	q.kind = askNothing
	if room <= 1 {
		return false
	}
	b := &h.b
	var pPlay, pDead [engine.MaxHand]float64
	var cand [engine.MaxHand]bool
	knowPlay, knowDead := false, false
	for i, m := range masks {
		pPlay[i] = prob(m, b.playable, &h.pubW)
		pDead[i] = prob(m, b.dead, &h.pubW)
		knowPlay = knowPlay || m != 0 && pPlay[i] == 1
		knowDead = knowDead || m != 0 && pDead[i] == 1
		cand[i] = m != 0 && pDead[i] < 1 && bits.OnesCount64(m) > 1
	}
	if (h.hole != nil || h.swapped != 0) && h.askSide(masks, pPlay[:], pDead[:], room, q) {
		return true
	}
	if !knowPlay {
		type entry struct {
			slot int
			dead bool
			p    float64
		}
		var es [2 * engine.MaxHand]entry
		n := 0
		for i := range masks {
			if cand[i] && pPlay[i] > 0 {
				es[n] = entry{i, false, pPlay[i]}
				n++
			}
		}
		if !knowDead {
			for i := range masks {
				if cand[i] && pDead[i] > 0 {
					es[n] = entry{i, true, pDead[i]}
					n++
				}
			}
		}
		less := func(a, b entry, bigFirst bool) bool {
			if a.dead != b.dead {
				return !a.dead
			}
			if a.p != b.p {
				return (a.p > b.p) == bigFirst
			}
			return a.slot < b.slot
		}
		sortEntries := func(bigFirst bool) {
			for i := 1; i < n; i++ {
				for j := i; j > 0 && less(es[j], es[j-1], bigFirst); j-- {
					es[j], es[j-1] = es[j-1], es[j]
				}
			}
		}
		lim := room - 1
		if h.n == 2 && room >= 6 {
			// Two players with many meanings a clue (empty clues
			// allowed): leave room for the questions that follow,
			// which warn of a last copy about to go (basic: +0.1;
			// with fewer meanings, or more players, it costs).
			lim = room / 2
		}
		if n > lim {
			// Keep the likeliest finds when not all fit.
			sortEntries(true)
			n = lim
		}
		// Unlikely cards first: the answer names the first hit, and every
		// card asked before it is learned to be a miss.
		sortEntries(false)
		if n > 0 {
			q.kind, q.n, q.info = askWhich, n, n+1
			for i := range n {
				q.slots[i], q.sets[i] = int8(es[i].slot), b.playable
				if es[i].dead {
					q.sets[i] = b.dead
				}
			}
			return true
		}
	}
	if h.askSafe(masks, room, q) {
		return true
	}
	best, bestScore := -1, 0.2
	for i := range masks {
		if s := abs(pPlay[i] - 0.7); cand[i] && s < bestScore {
			best, bestScore = i, s
		}
	}
	if best >= 0 {
		q.kind, q.info, q.slot = askPlayable, 2, best
		return true
	}
	best = -1
	for i := range masks {
		if cand[i] && (best < 0 || pDead[i] < pDead[best]) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	return h.partition(masks[best], best, room, q)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// partition deals a card's live possibilities round-robin into room blocks
// (one fewer if some are dead: those share a block of their own, since a dead
// card needs no more telling apart).
func (h *hatPlayer) partition(m uint64, slot, room int, q *question) bool {
	dead := m & h.b.dead
	eff := room
	if dead != 0 {
		eff--
	}
	cur, n := 0, 0
	forEach(m&^dead, func(x int) {
		q.block[x] = int8(cur)
		cur = (cur + 1) % eff
		n = min(n+1, eff)
	})
	if dead != 0 {
		forEach(dead, func(x int) { q.block[x] = int8(n) })
		n++
	}
	if n < 2 {
		return false
	}
	q.kind, q.info, q.slot = askBlock, n, slot
	return true
}

// answer is the question's answer for a hand whose identities are cards.
func (h *hatPlayer) answer(q *question, cards []int) int {
	switch q.kind {
	case askWhich:
		for k := range q.n {
			if q.sets[k]&bit(cards[q.slots[k]]) != 0 {
				return k + 1
			}
		}
		return 0
	case askPlayable:
		if h.b.playable&bit(cards[q.slot]) != 0 {
			return 1
		}
		return 0
	case askIn:
		if q.sets[0]&bit(cards[q.slot]) != 0 {
			return 1
		}
		return 0
	case askBlock:
		return int(q.block[cards[q.slot]])
	}
	return 0
}

// learn narrows masks by the answer a.
func (h *hatPlayer) learn(q *question, a int, masks []uint64) {
	switch q.kind {
	case askWhich:
		for k := range q.n {
			set, s := q.sets[k], q.slots[k]
			if k == a-1 {
				masks[s] &= set
				return
			}
			masks[s] &^= set
		}
	case askPlayable:
		if a == 1 {
			masks[q.slot] &= h.b.playable
		} else {
			masks[q.slot] &^= h.b.playable
		}
	case askIn:
		if a == 1 {
			masks[q.slot] &= q.sets[0]
		} else {
			masks[q.slot] &^= q.sets[0]
		}
	case askBlock:
		m := masks[q.slot]
		forEach(m, func(x int) {
			if int(q.block[x]) != a {
				m &^= bit(x)
			}
		})
		masks[q.slot] = m
	}
}

// encode is player j's hat answer modulo total, and narrows masks (j's
// public possibilities) by it, as every seat but j's own will.
func (h *hatPlayer) encode(masks []uint64, cards []int, total int) int {
	m := modInfo{1, 0}
	var q question
	for h.ask(masks, m.room(total), &q) {
		a := h.answer(&q, cards)
		h.learn(&q, a, masks)
		m.push(q.info, a, total)
	}
	return m.val
}

// decode is the receiver's side of encode: it learns its own answer val.
func (h *hatPlayer) decode(masks []uint64, val, total int) {
	m := modInfo{total, val}
	var q question
	for h.ask(masks, m.mod, &q) {
		h.learn(&q, m.pop(q.info), masks)
	}
}

// askSafe asks a player who knows of no card it may safely discard which
// card, in the order it would discard them, is the first one that is not the
// last copy of a card still needed. The answer also tells it the cards
// before that one are precious.
func (h *hatPlayer) askSafe(masks []uint64, room int, q *question) bool {
	// A card of a swapping suit is never safe to discard: that plays it.
	safe := h.d.all &^ h.b.critical &^ h.swapped
	var order [engine.MaxHand]int
	var score [engine.MaxHand]float64
	n := 0
	for i, m := range masks {
		if m == 0 {
			continue
		}
		if m&^safe == 0 {
			return false
		}
		if m&safe == 0 {
			continue
		}
		score[i] = h.discardScore(m)
		order[n] = i
		for j := n; j > 0 && score[order[j]] > score[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
		n++
	}
	n = min(n, room-1)
	if n == 0 {
		return false
	}
	q.kind, q.n, q.info = askWhich, n, n+1
	for k := range n {
		q.slots[k], q.sets[k] = int8(order[k]), safe
	}
	return true
}
