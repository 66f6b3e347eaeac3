package bots

import (
	"github.com/hanabi-server/hanabi/engine"
)

// How a clue is read. The focus (level 1's four steps) is the card the clue
// is about; a clue on the chop may save it (a 5 by a 5, a 2 by a 2, a
// critical card by any clue but a 5 or a 2), every other clue asks for the
// focus to be played, now or once the cards between it and its firework
// are played (a delayed play clue). Those cards are found as a player of
// the conventions finds them: cards the table already knows, then a prompt
// (the leftmost touched card that may be the one) or a finesse (the
// leftmost untouched card) in the other hands, in turn order from the
// giver, and, when no one else has it, in the reader's own hand. The
// giver's own hand connects only through cards everyone knows: the giver
// cannot see it.
//
// Each seat reads every clue from what it sees; the notes it keeps on the
// others' cards are its reading of what their holders know, not a state
// every seat shares.

type connKind uint8

const (
	connKnown connKind = iota
	connPrompt
	connFinesse
)

// hgConn is one card that connects a firework to a clue's focus.
type hgConn struct {
	card, seat, y int
	kind          connKind
	self          bool // in the reader's own hand: its face unseen
	// bluff: a blind play of any playable card, which tells the focus is
	// one away from playable (level 11); y is then -1.
	bluff bool
}

// hgCand is one identity the focus may be, as its holder reads the clue.
type hgCand struct {
	x       int
	conns   []hgConn
	save    bool
	selfFin bool // needs the holder to blind-play a card of its own
}

// route finds the cards that connect x's firework to x, as viewer finds
// them for a clue given by giver; skip are the cards that cannot connect:
// the focus and the other cards the clue touched for the first time (a
// clue's own cards are not its connections: their holder could not tell
// which is which).
func (h *hgPlayer) route(v *engine.View, viewer, giver int, skip uint64, x int) ([]hgConn, bool) {
	need, ok := h.path(x)
	if !ok {
		return nil, false
	}
	used := skip
	out := make([]hgConn, 0, need.n)
	for _, y := range need.x[:need.n] {
		c, ok := h.connect(v, viewer, giver, y, &used)
		if !ok {
			return nil, false
		}
		out = append(out, c)
	}
	return out, true
}

func (h *hgPlayer) connect(v *engine.View, viewer, giver, y int, used *uint64) (hgConn, bool) {
	take := func(cv *engine.CardView, p int, k connKind, self bool) (hgConn, bool) {
		*used |= bit(cv.ID)
		return hgConn{card: cv.ID, seat: p, y: y, kind: k, self: self}, true
	}
	// A card the table knows to be y, or one its holder is to play that the
	// viewer sees is y.
	for p := range v.Players {
		hand := v.Hand(p)
		for i := range hand {
			cv := &hand[i]
			n := &h.note[cv.ID]
			if *used&bit(cv.ID) != 0 || !n.touched && !n.play {
				continue
			}
			c := h.common(cv)
			visible := p != viewer && cv.Known
			if visible && ident(cv.Card) != y {
				continue
			}
			// A card the table knows is y, or a touched card the viewer
			// sees is y and that its holder would play first for y (the
			// order of a prompt): its holder will learn it and play it.
			switch {
			case c == bit(y):
				return take(cv, p, connKnown, false)
			case visible && p != giver && h.promptIn(hand, y, *used) == i:
				// Its holder does not know it yet: the clue prompts it.
				return take(cv, p, connPrompt, false)
			}
		}
	}
	for k := 1; k < v.Players; k++ {
		p := (giver + k) % v.Players
		if p == viewer {
			continue
		}
		hand := v.Hand(p)
		if i := h.promptIn(hand, y, *used); i >= 0 {
			if hand[i].Known && ident(hand[i].Card) == y {
				return take(&hand[i], p, connPrompt, false)
			}
			// That seat would play its clued card, not a finesse.
			continue
		}
		if i := h.finessePos(hand, *used); i >= 0 && hand[i].Known && ident(hand[i].Card) == y {
			return take(&hand[i], p, connFinesse, false)
		}
	}
	if viewer == giver {
		return hgConn{}, false
	}
	hand := v.Hand(viewer)
	if i := h.promptIn(hand, y, *used); i >= 0 {
		return take(&hand[i], viewer, connPrompt, true)
	}
	// A touched card whose clues allow y, whatever the notes say, before a
	// blind play: the notes may be wrong, a blind play is the dearer error.
	for i := range hand {
		if n := &h.note[hand[i].ID]; n.touched && *used&bit(hand[i].ID) == 0 && h.pub(&hand[i])&bit(y) != 0 {
			return take(&hand[i], viewer, connPrompt, true)
		}
	}
	if i := h.finessePos(hand, *used); i >= 0 {
		return take(&hand[i], viewer, connFinesse, true)
	}
	return hgConn{}, false
}

// promptIn is the index of the leftmost touched card of the hand that may be
// y, not yet used: the card a prompt for y asks its holder to play.
func (h *hgPlayer) promptIn(hand []engine.CardView, y int, used uint64) int {
	for i := range hand {
		cv := &hand[i]
		n := &h.note[cv.ID]
		if used&bit(cv.ID) != 0 || !n.touched {
			continue
		}
		// What the holder's clues say, less what can no longer be played:
		// the same for every seat, where the notes may not be.
		m := h.pub(cv)
		if r := m &^ h.b.dead; r != 0 {
			m = r
		}
		if m&bit(y) != 0 {
			return i
		}
	}
	return -1
}

// focusOf is the index of the focus of a clue that touched the set touched,
// chop the hand's chop before the clue.
func (h *hgPlayer) focusOf(hand []engine.CardView, touched uint64, chop int) int {
	retouch, leftNew := -1, -1
	for i := range hand {
		if touched&bit(hand[i].ID) == 0 {
			continue
		}
		if h.note[hand[i].ID].touched {
			if retouch < 0 {
				retouch = i
			}
		} else if leftNew < 0 {
			leftNew = i
		}
	}
	switch {
	case leftNew < 0:
		return retouch
	case chop >= 0 && touched&bit(hand[chop].ID) != 0:
		return chop
	}
	return leftNew
}

// candidates is the reading of a clue by its target: every identity in base
// the focus may be, with the cards that would connect it. A reading that
// asks the target to blind-play is taken only when no other is left
// (Occam's razor: the simplest reading first).
func (h *hgPlayer) candidates(v *engine.View, giver, target int, skip uint64, a engine.Action, chopFocus bool, base uint64) []hgCand {
	var out []hgCand
	plain := false
	forEach(base, func(x int) {
		if chopFocus && h.saveWorthy(x, a) && !h.twoSeen(v, x, target, giver, target) {
			out = append(out, hgCand{x: x, save: true})
			plain = true
			return
		}
		conns, ok := h.route(v, target, giver, skip, x)
		if !ok || fiveStall(a, chopFocus) {
			if bc, ok := h.bluffConn(v, giver, target, skip, x); ok && !fiveStall(a, chopFocus) && !chopFocus {
				out = append(out, hgCand{x: x, conns: []hgConn{bc}})
				plain = true
			}
			if !ok || !allKnown(conns) {
				return
			}
		}
		c := hgCand{x: x, conns: conns}
		for _, cn := range conns {
			if cn.self && cn.kind == connFinesse {
				c.selfFin = true
			}
		}
		if c.selfFin && !chopFocus {
			// The seat after the giver plays before the target blind-plays:
			// when it holds a playable card there, the clue is a bluff on it.
			if bc, ok := h.bluffConn(v, giver, target, skip, x); ok {
				c = hgCand{x: x, conns: []hgConn{bc}}
			}
		}
		plain = plain || !c.selfFin
		out = append(out, c)
	})
	if plain {
		kept := out[:0]
		for _, c := range out {
			if !c.selfFin {
				kept = append(kept, c)
			}
		}
		out = kept
	}
	return out
}

// baseFor is what the target of a clue from giver can take its focus to be
// before any convention: its clues, less dead cards and, by good touch,
// the touched cards it sees in the hands the giver sees too (all but its
// own and the giver's) and those of its own it knows. The seat sees all
// that but the target's own deductions where the target is another seat.
func (h *hgPlayer) baseFor(v *engine.View, giver, target int, cv *engine.CardView) uint64 {
	m := h.common(cv)
	if target == h.seat {
		m = h.mine(cv)
	}
	var dup uint64
	for p := range v.Players {
		for i := range v.Hand(p) {
			o := &v.Hand(p)[i]
			n := &h.note[o.ID]
			if o.ID == cv.ID || !n.touched && !n.play {
				continue
			}
			switch {
			case p == target || p == h.seat:
				if k := h.common(o); k&(k-1) == 0 {
					dup |= k
				}
			case p != giver && o.Known:
				dup |= bit(ident(o.Card))
			}
		}
	}
	if r := m &^ dup; r != 0 {
		return r
	}
	return m
}

func clueHidden(a engine.Action) bool {
	return a.Kind == engine.HiddenClue || a.Value == engine.HiddenValue
}

// readClue takes a clue into the notes: the target's reading of its focus,
// and for a seat that finds a connecting card must be its own, that card.
func (h *hgPlayer) readClue(v *engine.View, ev engine.Event, stalling bool) {
	a := ev.Action
	giver, target := ev.Seat, a.Target
	if ev.Touched == 0 || target < 0 || target >= v.Players {
		return
	}
	hand := v.Hand(target)
	chop := h.chop(hand)
	f := h.focusOf(hand, ev.Touched, chop)
	if h.eightClueStall(v.NoteTokens+1, hand, ev.Touched) {
		return
	}
	var skip uint64
	for i := range hand {
		if ev.Touched&bit(hand[i].ID) != 0 {
			if !h.note[hand[i].ID].touched || i == f {
				skip |= bit(hand[i].ID)
			}
			h.note[hand[i].ID].touched = true
		}
	}
	if f < 0 || h.fixesOnly(hand, ev.Touched) {
		return
	}
	if clueHidden(a) {
		// Cow & Pig, Duck: nobody but the giver knows what the clue said;
		// its holder takes the focus for a play, or on the chop for a
		// save, among every card it may be.
		a.Kind, a.Value = engine.HiddenClue, engine.HiddenValue
	}
	chopFocus := f == chop
	fcv := &hand[f]
	fn := &h.note[fcv.ID]
	cs := h.candidates(v, giver, target, skip, a, chopFocus, h.baseFor(v, giver, target, fcv))
	if stalling {
		cs = noSelfFinesse(cs)
	}
	var union uint64
	play, save := false, false
	for _, c := range cs {
		union |= bit(c.x)
		play = play || !c.save
		save = save || c.save
	}
	fn.cands, fn.play, fn.save = union, play, save
	if target == h.seat {
		for _, c := range cs {
			for _, cn := range c.conns {
				if cn.kind == connKnown {
					continue
				}
				if cn.self {
					h.expect(cn)
				}
				h.links = append(h.links, hgLink{focus: fcv.ID, x: c.x, card: cn.card, y: cn.y, seat: cn.seat, bluff: cn.bluff, blind: cn.kind == connFinesse})
			}
		}
		return
	}
	if giver == h.seat || !fcv.Known {
		return
	}
	// A seat that sees the focus finds the cards that connect it; those it
	// cannot see elsewhere are its own. Not in a stalling situation: the
	// clue may be a stall its target reads nothing into.
	x := ident(fcv.Card)
	if stalling {
		return
	}
	if chopFocus && h.saveWorthy(x, a) || clueHidden(a) {
		return
	}
	conns, ok := h.route(v, h.seat, giver, skip, x)
	if !ok || fiveStall(a, chopFocus) && !allKnown(conns) || blindOwn(conns) > 2 {
		return
	}
	if blindOwn(conns) > 0 && h.mayBluff(v, giver, target, x) {
		// The seat after the giver may be bluffed: it plays first, and a
		// seat further on waits to see what it plays.
		return
	}
	for _, cn := range conns {
		if cn.self {
			h.expect(cn)
			h.links = append(h.links, hgLink{focus: fcv.ID, x: x, card: cn.card, y: cn.y, seat: h.seat, blind: cn.kind == connFinesse})
		}
	}
}

// expect marks the seat's own card as one to play as cn.y.
func (h *hgPlayer) expect(cn hgConn) {
	n := &h.note[cn.card]
	if n.play && n.cands != 0 {
		n.cands |= bit(cn.y)
	} else {
		n.cands = bit(cn.y)
	}
	n.play = true
	n.blind = !n.touched
}

// linksAfterMove ends the links a move answers: a connecting card played
// keeps the readings it was expected for and drops the others (x is its
// identity, -1 unseen); a connecting card discarded, or a seat that moved
// without playing the cards expected of it, drops theirs.
func (h *hgPlayer) linksAfterMove(seat, card, x int, played bool) {
	if len(h.links) == 0 {
		return
	}
	// A seat that played some card may have put another play first; one
	// whose connecting card cannot play yet is not asked for it yet.
	playedAny := played && card >= 0
	var drop []hgLink
	kept := h.links[:0]
	success := played && x >= 0 && h.b.playable&bit(x) != 0
	// via: per focus, the readings a blind play by another seat answered.
	var via map[int]uint64
	for _, l := range h.links {
		if l.card == card && played && l.blind && l.seat != h.seat && (l.bluff && success || !l.bluff && x == l.y) {
			if via == nil {
				via = map[int]uint64{}
			}
			via[l.focus] |= bit(l.x)
		}
	}
	for _, l := range h.links {
		switch {
		case l.card == card && played && l.bluff:
			if !success {
				drop = append(drop, l)
			}
		case l.focus == card:
			// The focus itself left the hand: what was expected of the
			// seat's own cards for it is void.
			if l.seat == h.seat && l.card != card {
				defer h.unexpect(l.card, l.y)
			}
		case l.card == card && played:
			if x >= 0 && x != l.y {
				drop = append(drop, l)
			}
		case l.card == card, l.seat == seat && !playedAny && h.b.playable&bit(l.y) != 0:
			drop = append(drop, l)
		default:
			kept = append(kept, l)
		}
	}
	h.links = kept
	// A seat blind-played into this clue (Bob's truth): the readings that
	// did not ask it to, a direct play among them, are not what the giver
	// meant.
	for f, keep := range via {
		n := &h.note[f]
		if n.cands&keep != 0 {
			forEach(n.cands&^keep, func(x int) { drop = append(drop, hgLink{focus: f, x: x, card: -1, seat: -1}) })
		}
	}
	for _, l := range drop {
		if l.seat == h.seat {
			h.unexpect(l.card, l.y)
		}
		n := &h.note[l.focus]
		n.cands &^= bit(l.x)
		if n.cands == 0 {
			n.play = false
		}
		k := h.links[:0]
		for _, o := range h.links {
			if o.focus != l.focus || o.x != l.x {
				k = append(k, o)
			}
		}
		h.links = k
	}
}

// unexpect takes back what the seat expected of its own card for a reading
// that fell, unless another reading still expects it.
func (h *hgPlayer) unexpect(card, y int) {
	for _, l := range h.links {
		if l.card == card && l.y == y {
			return
		}
	}
	n := &h.note[card]
	if !n.play || n.cands&bit(y) == 0 {
		return
	}
	if n.cands &^= bit(y); n.cands == 0 {
		n.play, n.blind = false, false
	}
}

// eightClueStall reports whether a clue given with notes tokens left,
// touching touched in hand, is a stall with no reading: at 8 clues a seat
// must clue, and a clue that touches no new card then asks for nothing
// (level 9, severity 4 stalling).
func (h *hgPlayer) eightClueStall(notes int, hand []engine.CardView, touched uint64) bool {
	if notes < h.d.cfg.NoteTokens {
		return false
	}
	for i := range hand {
		if touched&bit(hand[i].ID) != 0 && !h.note[hand[i].ID].touched {
			return false
		}
	}
	return true
}

// fiveStall reports whether clue a, off the chop, may be a 5 stall (level
// 2): a 5 clue off the chop asks for a play only when the 5 plays through
// cards the table knows, never through a prompt or a finesse.
func fiveStall(a engine.Action, chopFocus bool) bool {
	return !chopFocus && a.Kind == engine.RankClue && a.Value == 5
}

func allKnown(conns []hgConn) bool {
	for _, cn := range conns {
		if cn.kind != connKnown {
			return false
		}
	}
	return true
}

// blindOwn counts the blind plays a route asks of the reader itself.
func blindOwn(conns []hgConn) int {
	n := 0
	for _, cn := range conns {
		if cn.self && cn.kind == connFinesse {
			n++
		}
	}
	return n
}

// fixesOnly reports whether a clue that touched the set touched (already
// applied to the hand's deductions) is a fix clue (level 3): it touches no
// new card and shows a touched card to be trash. It asks for nothing else.
func (h *hgPlayer) fixesOnly(hand []engine.CardView, touched uint64) bool {
	fix := false
	for i := range hand {
		cv := &hand[i]
		if touched&bit(cv.ID) == 0 {
			continue
		}
		if !h.note[cv.ID].touched {
			return false
		}
		if h.pub(cv)&^h.b.dead == 0 {
			fix = true
		}
	}
	return fix
}

// bluffSeat is the seat that a clue from giver to target may bluff (level
// 11): the seat right after the giver, at 3 players or more, when it is
// not the target. -1 when none.
func bluffSeat(v *engine.View, giver, target int) int {
	b := (giver + 1) % v.Players
	if v.Players < 3 || b == target {
		return -1
	}
	return b
}

// bluffConn is, for a focus x one away from playable whose missing card the
// target finds nowhere, the blind play of the bluff seat's finesse card,
// playable but not that card: a bluff. The target, who sees that card,
// reads its focus as one away once the card is played.
func (h *hgPlayer) bluffConn(v *engine.View, giver, target int, skip uint64, x int) (hgConn, bool) {
	b := bluffSeat(v, giver, target)
	need, ok := h.path(x)
	if b < 0 || b == h.seat && target != h.seat || !ok || need.n != 1 {
		return hgConn{}, false
	}
	hand := v.Hand(b)
	i := h.finessePos(hand, skip)
	if i < 0 || !hand[i].Known {
		return hgConn{}, false
	}
	z := ident(hand[i].Card)
	if h.b.playable&bit(z) == 0 || z == need.x[0] {
		return hgConn{}, false
	}
	return hgConn{card: hand[i].ID, seat: b, y: -1, kind: connFinesse, bluff: true}, true
}

// mayBluff reports whether a clue from giver to target on x may be a bluff
// on a seat other than the viewer: a seat further on does not take the
// missing card for its own then, it waits for the bluff seat.
func (h *hgPlayer) mayBluff(v *engine.View, giver, target int, x int) bool {
	b := bluffSeat(v, giver, target)
	need, ok := h.path(x)
	if b < 0 || b == h.seat || !ok || need.n != 1 {
		return false
	}
	hand := v.Hand(b)
	i := h.finessePos(hand, 0)
	return i >= 0 && hand[i].Known && h.b.playable&bit(ident(hand[i].Card)) != 0
}

// noSelfFinesse drops the readings that ask the target to blind-play: a
// seat that must clue (a stall) gives no self-finesse.
func noSelfFinesse(cs []hgCand) []hgCand {
	kept := cs[:0]
	for _, c := range cs {
		if !c.selfFin {
			kept = append(kept, c)
		}
	}
	return kept
}

// stalling reports whether the seat to clue now is in a stalling situation
// everyone can see (level 9): at the note maximum, with a locked hand, or
// right after a chop discard by the seat before (double discard
// avoidance). A clue then may be a stall.
func (h *hgPlayer) stalling(v *engine.View, giver int) bool {
	if v.NoteTokens >= v.Config.NoteTokens || h.lastDiscard != 0 {
		return true
	}
	for _, cv := range v.Hand(giver) {
		if n := &h.note[cv.ID]; !n.touched && !n.play {
			return false
		}
	}
	return true
}
