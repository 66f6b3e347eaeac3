package bots

import (
	"fmt"
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// Act chooses in the order the H-group's players weigh a turn: a save the
// next seat needs now, a card to play (finesses first: the urgency
// principle), a play clue, a discard of known trash or the chop, and at 8
// clues a stall clue. Whatever it chooses, the engine has the last word: a
// move it refuses is replaced by a legal one.
func (h *hgPlayer) Act(v *engine.View) engine.Action {
	h.why = ""
	h.stallingNow = h.stalling(v, h.seat)
	a := h.act(v)
	if v.Check(a) != nil {
		a = anyLegal(v)
		h.why = "no move of the conventions is legal here: the first legal move"
	}
	return a
}

func (h *hgPlayer) act(v *engine.View) engine.Action {
	own := v.Hand(h.seat)
	// The urgency principle: a finesse is played into at once, before a
	// save (the seat waiting on it plays rather than discards once it has).
	if i, why := h.bestPlay(v, own); i >= 0 && h.note[own[i].ID].blind {
		h.why = why
		return engine.PlayCard(own[i].ID)
	}
	if v.NoteTokens > 0 {
		if c, ok := h.urgentSave(v); ok {
			h.why = c.why
			return c.a
		}
	}
	if a, ok := h.generationDiscard(v, own); ok {
		return a
	}
	if v.NoteTokens > 0 {
		if a, ok := h.fixClue(v); ok {
			return a
		}
	}
	if i, why := h.bestPlay(v, own); i >= 0 {
		h.why = why
		return engine.PlayCard(own[i].ID)
	}
	if v.NoteTokens == 1 && v.Players >= 3 {
		// The last clue, and nothing to play: the seat after next cannot
		// wait for the next seat's save, which may find no clue left.
		p := (h.seat + 2) % v.Players
		if c, ok := h.saveFor(v, p); ok && h.lastCopyBelowTop(v, p) {
			h.why = fmt.Sprintf("one clue left: %s's chop must be saved before %s's turn, and %s may have no clue left to give: %s", seatName(p), seatName(p), seatName((h.seat+1)%v.Players), c.why)
			return c.a
		}
	}
	var clue hgClue
	haveClue := false
	if v.NoteTokens > 0 {
		clue, haveClue = h.bestClue(v, false)
		if !(haveClue && clue.plays > 0) {
			if i, why := h.finalGamble(v, own); i >= 0 {
				h.why = why
				return engine.PlayCard(own[i].ID)
			}
		}
		if haveClue && clue.value >= h.clueBar(v) {
			h.why = clue.why
			return clue.a
		}
		if haveClue && h.clueOverDiscard(v) {
			h.why = fmt.Sprintf("%d clues in hand at two players: a clue rather than a discard of a chop that may still be needed: %s", v.NoteTokens, clue.why)
			return clue.a
		}
	}
	if len(own) == 0 {
		return anyLegal(v)
	}
	if a, ok := h.discard(v, own, haveClue); ok {
		return a
	}
	if haveClue {
		h.why = "a stall: " + clue.why
		return clue.a
	}
	if a, ok := h.stall(v); ok {
		return a
	}
	return h.lastResort(v, own)
}

// clueBar is the least a clue must be worth to be given rather than a
// discard: more when clues are few.
func (h *hgPlayer) clueBar(v *engine.View) float64 {
	switch {
	case v.NoteTokens >= v.Config.NoteTokens:
		return -1
	case !h.midGame:
		// The early game: any play or save clue before a discard.
		return 0.5
	case v.NoteTokens <= 1:
		return 0.9
	}
	return 0.3
}

// bestPlay is the card to play: one the seat knows playable (finessed cards
// first, then one that makes a touched card in another hand playable, then
// the lowest rank and of equals the oldest), or at the very end a card
// likely enough to play.
func (h *hgPlayer) bestPlay(v *engine.View, own []engine.CardView) (int, string) {
	best, bestKey := -1, 0
	for i := range own {
		m := h.mine(&own[i])
		if m == 0 || m&^h.b.playable != 0 {
			continue
		}
		n := &h.note[own[i].ID]
		key := 100 - lowest(m)*10 + i
		if n.blind {
			key += 1000
		}
		if m&(m-1) == 0 && h.unlocks(v, bits.TrailingZeros64(m)) {
			// First the card that makes a touched card elsewhere playable:
			// two seats then have a play.
			key += 200
		}
		if best < 0 || key > bestKey {
			best, bestKey = i, key
		}
	}
	if best >= 0 {
		n := &h.note[own[best].ID]
		// The reason names the card as the table knows it, not as the
		// seat narrowed it by the copies it sees: those copies are in
		// its readers' hands, and the narrowing would tell them.
		m := h.common(&own[best])
		why := fmt.Sprintf("slot %d is the %s: playable", best+1, h.setName(m))
		if n.blind {
			why = fmt.Sprintf("slot %d is finessed: it must be the %s, played blind", best+1, h.setName(m))
		}
		return best, why
	}
	return h.gamble(v, own)
}

// gamble plays, on the seat's last turn with storms to spare, the card most
// likely to play: nothing is lost by trying then.
func (h *hgPlayer) gamble(v *engine.View, own []engine.CardView) (int, string) {
	if v.FinalTurnsLeft < 0 || v.FinalTurnsLeft > 1 || v.Config.StormTokens-v.StormsUsed < 2 || v.PlaysHidden {
		return -1, ""
	}
	best := h.likeliestPlay(own)
	if best < 0 {
		return -1, ""
	}
	return best, fmt.Sprintf("the last turn: slot %d may play, and a storm costs nothing now", best+1) // no odds: see lastResort
}

// likeliestPlay is the slot of own most likely to play, by the copies the
// seat has not seen; -1 when none may.
func (h *hgPlayer) likeliestPlay(own []engine.CardView) int {
	w := h.unseen()
	best, bestP := -1, 0.0
	for i := range own {
		if p := prob(h.mine(&own[i]), h.b.playable, &w); p > bestP {
			best, bestP = i, p
		}
	}
	return best
}

// unseen is the copies of each identity the seat has not seen.
func (h *hgPlayer) unseen() [64]int {
	var w [64]int
	for x := range w {
		w[x] = max(h.d.count[x]-h.b.gone[x]-h.seen[x], 0)
	}
	return w
}

// urgentSave is a save clue for the next seat, whose chop is a card that
// must not be discarded and who has nothing to play: it would discard it.
func (h *hgPlayer) urgentSave(v *engine.View) (hgClue, bool) {
	return h.saveFor(v, (h.seat+1)%v.Players)
}

// saveFor is a save clue for seat p, whose chop is a card that must not be
// discarded and who has nothing to play.
func (h *hgPlayer) saveFor(v *engine.View, p int) (hgClue, bool) {
	hand := v.Hand(p)
	ch := h.chop(hand)
	if ch < 0 || !h.willDiscard(v, p) {
		return hgClue{}, false
	}
	x := ident(hand[ch].Card)
	if !h.mustSave(v, p, x) {
		return hgClue{}, false
	}
	h.buf = v.LegalActions(h.buf)
	var best hgClue
	found := false
	for _, a := range h.buf {
		if !a.IsClue() || a.Target != p || v.Touches(a)&bit(hand[ch].ID) == 0 {
			continue
		}
		c, ok := h.judge(v, a)
		if !ok && c.harmless && !found && x&7 != 5 {
			// No clue reads right, but one that touches the card keeps it
			// from the discard and plays nothing: better than losing it.
			c.why = fmt.Sprintf("%s's chop is the %s, which must not be discarded, and no clue reads right: %s", seatName(p), h.heldName(p, x), c.why)
			c.value = -2
			best, found = c, true
			continue
		}
		if !ok {
			continue
		}
		if !found || c.value > best.value {
			best, found = c, true
		}
	}
	return best, found
}

// mustSave reports whether x on seat p's chop must be saved: the last copy
// of a card still to play, a 5, or a 2 whose other copy is in no other hand
// and not off the chop in p's own.
func (h *hgPlayer) mustSave(v *engine.View, p, x int) bool {
	if h.b.dead&bit(x) != 0 || h.touchedIdents(v, p)&bit(x) != 0 {
		return false
	}
	if h.b.critical&bit(x) != 0 {
		return true
	}
	if x&7 != 2 || h.d.rev[x>>3] || h.b.posOf(x>>3, 2) <= h.b.fw[x>>3] {
		return false
	}
	// The 2 save: not when the other copy is in sight in another hand, or
	// in the same hand off the chop, where it stays when the chop goes.
	ch := h.chop(v.Hand(p))
	for q := range v.Players {
		if q == h.seat {
			continue
		}
		for i, cv := range v.Hand(q) {
			if q == p && i == ch {
				continue
			}
			if cv.Known && ident(cv.Card) == x {
				return false
			}
		}
	}
	return true
}

// willDiscard reports whether seat p has nothing it knows to play.
func (h *hgPlayer) willDiscard(v *engine.View, p int) bool {
	for i := range v.Hand(p) {
		cv := &v.Hand(p)[i]
		// A card it takes for playable, that is: its holder may see it
		// otherwise than the seat thinks, so the card must be playable too.
		if m := h.common(cv); m&^h.b.playable == 0 && (!cv.Known || h.b.playable&bit(ident(cv.Card)) != 0) {
			return false
		}
	}
	return true
}

// discard throws known trash, else the chop; a chop the seat before may
// have left as the last copy (double discard avoidance) is kept when a
// clue can be given instead.
func (h *hgPlayer) discard(v *engine.View, own []engine.CardView, haveClue bool) (engine.Action, bool) {
	for i := range own {
		m := h.mine(&own[i])
		if m&^h.trash() == 0 {
			if d := engine.DiscardCard(own[i].ID); v.Check(d) == nil {
				h.why = fmt.Sprintf("slot %d is known trash (%s)", i+1, h.setName(h.common(&own[i]))) // as the table knows it: see play
				return d, true
			}
		}
	}
	ch := h.chop(own)
	if ch >= 0 {
		if x := h.lastDiscard - 1; x >= 0 && v.NoteTokens > 0 && h.mine(&own[ch])&bit(x) != 0 && h.b.critical&bit(x) != 0 {
			if a, ok := h.stall(v); ok {
				// Not "my chop may be it": what the bot's chop may be is
				// narrowed by the copies it sees, in its readers' hands.
				h.why = fmt.Sprintf("double discard avoidance after the %s just discarded, so a stall: %s", h.cardName(x), h.why)
				return a, true
			}
		}
		if d := engine.DiscardCard(own[ch].ID); v.Check(d) == nil {
			h.why = fmt.Sprintf("nothing to play or clue: discard the chop, slot %d", ch+1)
			return d, true
		}
		return engine.Action{}, false
	}
	// A locked hand: every card touched. A clue if there is one; else the
	// card whose loss would cost the fewest points.
	if v.NoteTokens > 0 {
		if a, ok := h.stall(v); ok {
			h.why = "a locked hand: " + h.why
			return a, true
		}
		if a, ok := h.harmlessClue(v); ok {
			h.why = "a locked hand: " + h.why
			return a, true
		}
	}
	w := h.unseen()
	best, bestC := 0, 0.0
	for i := range own {
		c := h.lossCost(h.mine(&own[i]), &w)
		if i == 0 || c < bestC {
			best, bestC = i, c
		}
	}
	if d := engine.DiscardCard(own[best].ID); v.Check(d) == nil {
		h.why = fmt.Sprintf("a locked hand and no clue to give: discard slot %d, whose loss would cost the fewest points", best+1)
		return d, true
	}
	return engine.Action{}, false
}

// trash is the identities no card needs: dead, or already touched in
// another hand the seat sees.
func (h *hgPlayer) trash() uint64 { return h.b.dead | h.touchedSeen&^h.b.critical }

// stall is the clue worth most that no one reads wrongly, whatever it is
// worth: at 8 clues, in a locked hand or to avoid a double discard.
func (h *hgPlayer) stall(v *engine.View) (engine.Action, bool) {
	if v.NoteTokens == 0 {
		return engine.Action{}, false
	}
	c, ok := h.bestClue(v, true)
	if ok {
		h.why = "a stall: " + c.why
	}
	return c.a, ok
}

// lastResort is a move when no convention gives one: the card most likely
// playable if a storm can be spared, else any legal move.
func (h *hgPlayer) lastResort(v *engine.View, own []engine.CardView) engine.Action {
	if a, ok := h.harmlessClue(v); ok {
		return a
	}
	h.badOK = true
	a, ok := h.stall(v)
	h.badOK = false
	if ok {
		h.why = "no clue keeps good touch, and one that breaks it is better than a blind play: " + h.why
		return a
	}
	if len(own) > 0 {
		w := h.unseen()
		best, bestP := 0, -1.0
		for i := range own {
			if p := prob(h.mine(&own[i]), h.b.playable, &w); p > bestP {
				best, bestP = i, p
			}
		}
		if a := engine.PlayCard(own[best].ID); v.Check(a) == nil {
			// No odds: they are weighed by the copies the seat sees.
			h.why = fmt.Sprintf("no clue reads right and no discard is allowed: slot %d, the likeliest to play", best+1)
			return a
		}
	}
	h.why = "nothing the conventions allow: the first legal move"
	return anyLegal(v)
}

// fixClue is a fix clue (level 3): a touched card in another hand that can
// no longer be played, whose holder takes it for a card to play now, is
// clued again so that it reads as trash (or at least as no play).
func (h *hgPlayer) fixClue(v *engine.View) (engine.Action, bool) {
	for k := 1; k < v.Players; k++ {
		p := (h.seat + k) % v.Players
		hand := v.Hand(p)
		for i := range hand {
			cv := &hand[i]
			n := &h.note[cv.ID]
			if !n.touched && !n.play || !cv.Known || h.b.dead&bit(ident(cv.Card)) == 0 {
				continue
			}
			if m := h.common(cv); m&^h.b.playable != 0 || m&h.b.dead != 0 {
				continue
			}
			if a, ok := h.fixFor(v, p, cv); ok {
				h.why = fmt.Sprintf("a fix clue: %s's slot %d is the %s, which can no longer be played, not the %s %s thinks", seatName(p), i+1, h.heldName(p, ident(cv.Card)), h.setName(h.common(cv)), seatName(p))
				return a, true
			}
		}
	}
	return engine.Action{}, false
}

// fixFor is a clue touching card cv of seat p after which its holder's
// deductions leave it no identity still to play, or failing that none
// playable now.
func (h *hgPlayer) fixFor(v *engine.View, p int, cv *engine.CardView) (engine.Action, bool) {
	if h.d.cfg.ClueShows != engine.ShowsAll {
		return engine.Action{}, false
	}
	h.buf = v.LegalActions(h.buf)
	var second engine.Action
	found := false
	for _, a := range h.buf {
		if !a.IsClue() || a.Target != p || v.Touches(a)&bit(cv.ID) == 0 {
			continue
		}
		// A clue that also touches new cards is read for them too: it
		// must read right.
		if c, ok := h.judge(v, a); !ok || c.misread {
			continue
		}
		m := h.d.knowMask(cv) & h.d.touchMask(a) &^ h.gone()
		if m&^h.b.dead == 0 {
			return a, true
		}
		if !found && m&^h.b.playable != 0 {
			second, found = a, true
		}
	}
	return second, found
}

// harmlessClue is a clue its holder misreads, but that plays nothing now:
// better than a misplay, or than discarding a card that may be needed.
func (h *hgPlayer) harmlessClue(v *engine.View) (engine.Action, bool) {
	if v.NoteTokens == 0 {
		return engine.Action{}, false
	}
	h.buf = v.LegalActions(h.buf)
	for _, a := range h.buf {
		if !a.IsClue() {
			continue
		}
		if c, _ := h.judge(v, a); c.harmless {
			h.why = "no clue reads right: " + c.why
			return a, true
		}
	}
	return engine.Action{}, false
}

// clueOverDiscard reports whether a clue that reads right, whatever it is
// worth, is to be given rather than a discard: at two players with half
// the clues or more in hand. A discard there throws a chop that no one but
// the partner can save, and the partner has only the next turn to do it.
func (h *hgPlayer) clueOverDiscard(v *engine.View) bool {
	return v.Players == 2 && 2*v.NoteTokens >= v.Config.NoteTokens
}

// lossCost is what discarding a card with possibilities m would cost, on
// average over the copies w: a last copy the cards of its firework from it
// up, a card with another copy left a little, trash nothing.
func (h *hgPlayer) lossCost(m uint64, w *[64]int) float64 {
	var sum, all float64
	forEach(m, func(x int) {
		k := float64(w[x])
		if k == 0 {
			k = 0.01
		}
		c := 0.0
		switch {
		case h.trash()&bit(x) != 0:
		case h.b.critical&bit(x) != 0:
			s := x >> 3
			c = float64(max(h.d.top[s]-h.b.posOf(s, x&7)+1, 1))
		default:
			c = 0.2
		}
		sum += k * c
		all += k
	})
	if all == 0 {
		return 0
	}
	return sum / all
}

// generationDiscard is a discard at 0 clues, rather than a play, that gives
// the next seat the clue it needs to save the seat after it: that seat's
// chop is the last copy of a card below its firework's top, and it has
// nothing to play.
func (h *hgPlayer) generationDiscard(v *engine.View, own []engine.CardView) (engine.Action, bool) {
	if v.NoteTokens != 0 || v.Players < 3 || v.FinalTurnsLeft >= 0 {
		return engine.Action{}, false
	}
	ch := h.chop(own)
	if ch < 0 {
		return engine.Action{}, false
	}
	q, p := (h.seat+1)%v.Players, (h.seat+2)%v.Players
	hand := v.Hand(p)
	pc := h.chop(hand)
	if pc < 0 || !h.willDiscard(v, p) || !hand[pc].Known {
		return engine.Action{}, false
	}
	x := ident(hand[pc].Card)
	if !h.mustSave(v, p, x) || !h.lastCopyBelowTop(v, p) {
		return engine.Action{}, false
	}
	for _, cv := range v.Hand(q) {
		// A finessed card comes first (the urgency principle).
		if n := &h.note[cv.ID]; n.blind && n.play {
			return engine.Action{}, false
		}
	}
	d := engine.DiscardCard(own[ch].ID)
	if v.Check(d) != nil {
		return engine.Action{}, false
	}
	// Its holder reads no word of the chop it is about: that it must not be
	// discarded tells of the card.
	h.why = "a generation discard: " + heldText(p,
		fmt.Sprintf("%s's chop is the %s, which must not be discarded, and %s has no clue to save it: a discard of the chop, slot %d, gives one", seatName(p), h.cardName(x), seatName(q), ch+1),
		fmt.Sprintf("a discard of the chop, slot %d, gives %s a clue", ch+1, seatName(q)))
	return d, true
}

// lastCopyBelowTop reports whether seat p's chop is the last copy of a card
// with cards of its firework above it: a lost 5 costs one point, no more
// than a move spent to save it may.
func (h *hgPlayer) lastCopyBelowTop(v *engine.View, p int) bool {
	hand := v.Hand(p)
	ch := h.chop(hand)
	if ch < 0 || !hand[ch].Known {
		return false
	}
	x := ident(hand[ch].Card)
	return h.b.critical&bit(x) != 0 && h.b.posOf(x>>3, x&7) < h.d.top[x>>3]
}

// unlocks reports whether playing x makes a touched card in another hand
// playable.
func (h *hgPlayer) unlocks(v *engine.View, x int) bool {
	s := x >> 3
	p := h.b.posOf(s, x&7)
	if p >= h.d.top[s] {
		return false
	}
	y := s<<3 | h.b.rankAt(s, p+1)
	for q := range v.Players {
		if q == h.seat {
			continue
		}
		for _, cv := range v.Hand(q) {
			if n := &h.note[cv.ID]; (n.touched || n.play) && cv.Known && ident(cv.Card) == y {
				return true
			}
		}
	}
	return false
}

// finalGamble is gamble on any of the seat's last turns, the deck gone,
// when no clue gets a card played: a discard then gains nothing a later
// seat can use to play, and a storm costs nothing if one is left after it.
func (h *hgPlayer) finalGamble(v *engine.View, own []engine.CardView) (int, string) {
	if v.FinalTurnsLeft < 1 || v.Config.StormTokens-v.StormsUsed < 2 || v.PlaysHidden {
		return -1, ""
	}
	best := h.likeliestPlay(own)
	if best < 0 {
		return -1, ""
	}
	return best, fmt.Sprintf("my last turn, and no clue gets a card played: slot %d may play, and a storm costs nothing now", best+1)
}
