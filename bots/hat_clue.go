package bots

import (
	"github.com/hanabi-server/hanabi/engine"
)

// How a clue names a value where a clue must touch a card. The table agrees
// on an order of each hand's cards, the ones with the most left to learn
// first (focusOrder); the first k of them are the focus cards. A clue's
// meaning is which focus card it touches first, if any, and where the table
// sees it, its type:
//
//	typed (the type shows: the rules, Cow & Pig): 0 a rank clue touching
//	  focus card 0, 1 a color clue touching it, 2 a rank clue touching no
//	  focus card, 3 a color clue touching none, then 3+i a clue touching
//	  focus card i first; at 4 players or more, or where some card is
//	  touched by every color or every rank clue (rainbow, omni), 2 is any
//	  clue touching no focus card, and 2+i a clue touching focus card i
//	  first;
//	touches only (Duck, and Alternating Clues, where the type is not the
//	  giver's choice): 0 a clue touching focus card 0, 1 a clue touching
//	  no focus card, then 1+i a clue touching focus card i first.
//
// The first meanings can nearly always be given, the later ones only when
// the card's rank or color is new among the cards before it; a hat answer
// is smallest when there is least to say, so the common answers are the
// easy clues. When the meaning due cannot be given the giver does something
// else (see Act). The engine's view of a clue in Cow & Pig and Duck names
// no color or rank, and the holder's deductions do not narrow: the hat's
// record learns only from the meanings.

// schemeWidth is the number of meanings per target seat for k focus cards.
func schemeWidth(typed, missTyped bool, k int) int {
	switch {
	case missTyped:
		return 3 + k
	case typed:
		return 2 + k
	}
	return k + 1
}

// focusOrder writes into out the slots of seat p's hand, the card with most
// left to learn first (ties: the newer card), and returns the first k.
func (h *hatPlayer) focusOrder(p int, pub *[engine.MaxDeck]uint64, out []int, k int) []int {
	var score [engine.MaxHand]int
	n := h.handLen[p]
	for i, id := range h.hands[p][:n] {
		out[i] = i
		score[i] = h.learnScore(pub[id])
		for j := i; j > 0 && score[out[j]] > score[out[j-1]]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out[:min(k, n)]
}

// learnScore is how much is left to learn of a card with possibilities m:
// nothing of a card known or dead, else one for each of its suit and rank
// not yet known, and one more.
func (h *hatPlayer) learnScore(m uint64) int {
	if m == 0 || m&^h.b.dead == 0 || m&(m-1) == 0 {
		return 0
	}
	score := 1
	if !oneSuit(h.d, m) {
		score++
	}
	if !oneRank(h.d, m) {
		score++
	}
	return score
}

// meaning is what a clue to seat p of kind (engine.HiddenClue where its type
// does not show) touching touched means, given p's focus cards.
func (h *hatPlayer) meaning(p int, focus []int, kind engine.Kind, touched uint64) int {
	idx := len(focus)
	for i, slot := range focus {
		if touched&bit(h.hands[p][slot]) != 0 {
			idx = i
			break
		}
	}
	color := 0
	if kind == engine.ColorClue {
		color = 1
	}
	switch {
	case !h.typed && idx == 0:
		return 0
	case !h.typed && idx == len(focus):
		return 1
	case !h.typed:
		return 1 + idx
	case idx == 0:
		return color
	case idx == len(focus) && h.missTyped:
		return 2 + color
	case idx == len(focus):
		return 2
	case h.missTyped:
		return 3 + idx
	}
	return 2 + idx
}

// clueMeaning finds the legal clue to target that means meaning and tells
// its holder most (goodness), if there is one.
func (h *hatPlayer) clueMeaning(v *engine.View, target, meaning int) (engine.Action, bool) {
	var buf [engine.MaxHand]int
	focus := h.focusOrder(target, &h.pub, buf[:], h.focusK)
	cfg := h.d.cfg
	best, bestScore, found := engine.Action{}, -1.0, false
	try := func(a engine.Action) {
		if v.Check(a) != nil {
			return
		}
		t := v.Touches(a)
		if t == 0 && !cfg.EmptyClues {
			return
		}
		if h.meaning(target, focus, a.Kind, t) != meaning {
			return
		}
		if g := h.goodness(a, t, target); g > bestScore {
			best, bestScore, found = a, g, true
		}
	}
	for c := range cfg.ClueColors {
		try(engine.ClueColor(target, c))
	}
	for _, r := range cfg.ClueRanks {
		try(engine.ClueRank(target, r))
	}
	return best, found
}

// clueSets works out unRank, unColor, allRank and allColor.
func (h *hatPlayer) clueSets() {
	cfg := h.d.cfg
	h.unRank, h.unColor = h.d.all, h.d.all
	if len(cfg.ClueRanks) > 0 {
		h.allRank = h.d.all
	}
	if len(cfg.ClueColors) > 0 {
		h.allColor = h.d.all
	}
	for _, r := range cfg.ClueRanks {
		h.unRank &^= h.d.clueMask[r]
		h.allRank &= h.d.clueMask[r]
	}
	for c := range cfg.ClueColors {
		h.unColor &^= h.d.colorMask[c]
		h.allColor &= h.d.colorMask[c]
	}
}

// mayFail reports whether, as far as everyone knows, some meaning of a clue
// to seat p may be impossible to give (hat_clue.go): its focus card may be
// one that no rank clue (or no color clue) touches, where the type shows
// (a START card of Up or Down, a null card), or one no clue touches, or one
// every clue of a type touches (an omni card); or its first two focus
// cards may be the same card.
func (h *hatPlayer) mayFail(p int, pub *[engine.MaxDeck]uint64) bool {
	if h.focusK == 0 {
		return false
	}
	var buf [engine.MaxHand]int
	f := h.focusOrder(p, pub, buf[:], 2)
	if len(f) == 0 {
		return false
	}
	// The identities the focus card must not be for every meaning to be
	// possible: touched by a clue of each type that can name it, missed
	// by one.
	bad := h.unRank&h.unColor | h.allRank&h.allColor
	switch {
	case h.missTyped:
		bad = h.unRank | h.unColor | h.allRank | h.allColor
	case h.typed:
		bad = h.unRank | h.unColor | h.allRank&h.allColor
	}
	may := false
	forEach(pub[h.hands[p][f[0]]]&bad, func(x int) { may = may || h.pubW[x] > 0 })
	if h.focusK > 1 && len(f) > 1 {
		forEach(pub[h.hands[p][f[0]]]&pub[h.hands[p][f[1]]], func(x int) { may = may || h.pubW[x] > 1 })
	}
	return may
}

// focusCards is the number of focus cards a clue's meaning is read from.
// Where its type shows, one: a rank or a color clue touching it or missing
// it can nearly always be given. Where only touches show, a clue says less,
// and more focus cards make up for it where clues are scarce; but a meaning
// due that cannot be given (a card touched first that shares its rank and
// color with one before it) costs a turn, and more of them the more
// targets there are (measured on duck-5-suits: 2 and 3 players best with
// three, 4 with two, 5 and 6 with one). Where clues alternate type, only
// one type can be given at a time, whose clues touch fewer sets of cards:
// two focus cards at 2 players, one at more (alternating-clues-5-suits).
func focusCards(cfg *engine.Config) int {
	switch {
	case cfg.AlternatingClues && cfg.Players == 2:
		return 2
	case cfg.ClueShows != engine.ShowsTouches || cfg.AlternatingClues:
		return 1
	case cfg.Players <= 3:
		return 3
	case cfg.Players == 4:
		return 2
	}
	return 1
}
