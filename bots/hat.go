package bots

import (
	"math/bits"

	"github.com/hanabi-server/hanabi/engine"
)

// hatPlayer is the information strategy of Cox et al., "How to make the
// perfect fireworks display": every seat keeps the same public record of
// what each card may be, every clue is read as the sum of one answer per
// other player (see hat_info.go), and a seat acts on what the public record
// plus the hands it sees tell it about its own cards.
//
// Everything the strategy decides that others must read back (which clue
// means which sum, when a discard means "nobody needs a clue") is a function
// of public knowledge, so all seats stay in step from the events alone.
type hatPlayer struct {
	d     *deckInfo
	seat  int
	n     int
	b     board
	notes int
	max   int // note tokens
	storm int // storm tokens left
	deck  int
	// hands[p] are seat p's card ids, newest first; ident[id] the identity
	// of a card in another seat's hand (-1 for own cards).
	hands   [engine.MaxPlayers][engine.MaxHand]int
	handLen [engine.MaxPlayers]int
	ident   [engine.MaxDeck]int
	// pub[id] is what everyone knows card id may be; pubW the copies of each
	// identity not yet seen by everyone.
	pub  [engine.MaxDeck]uint64
	pubW [64]int
	// width is the number of clue meanings per target seat; where a clue
	// must touch a card, they are read from the first of focusK focus cards
	// the clue touches and, if typed, from its type (see hat_clue.go).
	width  int
	focusK int
	typed  bool
	// unRank and unColor are the identities no rank clue, no color clue
	// touches; allRank and allColor those every one touches.
	unRank, unColor, allRank, allColor uint64
	// missTyped splits the typed meaning "touches no focus card" by type:
	// one more meaning, which fails when every card of the hand has the
	// focus card's rank (or color). Worth it where clues carry least, at 2
	// and 3 players; at more, where a clue due that cannot be given misleads
	// the table more often than the meaning helps, not (measured).
	missTyped bool
	// alone is set when some other seat does not play hat: its clues mean
	// nothing as sums, so the seat plays by the conventions player instead,
	// which follows the game all along.
	alone    bool
	fallback *conventionsPlayer
	// hole keeps the fireworks where plays go face down (hat_hole.go).
	hole *hole
	// swapped are the identities whose suit swaps play and discard
	// (hat_orange.go).
	swapped uint64
}

// Partners switches to the fallback at once when another seat is not hat.
func (h *hatPlayer) Partners(names []string) {
	for p, name := range names {
		if p != h.seat && name != "hat" {
			h.alone = true
		}
	}
}

func newHat(cfg *engine.Config, seat int, _ uint64) Player {
	h := &hatPlayer{d: newDeckInfo(cfg), seat: seat, n: cfg.Players, max: cfg.NoteTokens}
	h.fallback = newConventions(cfg, seat, 0).(*conventionsPlayer)
	h.fallback.d = h.d
	if cfg.FaceDownPlays {
		h.hole = &hole{}
	}
	h.swapped = cfg.SwappedIdentities() & h.d.all
	if cfg.EmptyClues && cfg.ClueShows == engine.ShowsAll {
		// Any color or rank may be named to anyone, so every distinct clue
		// is its own meaning.
		h.width = len(cfg.ClueColors) + len(cfg.ClueRanks)
	} else {
		// Where clues must alternate type, the type is not the giver's
		// choice and says nothing.
		h.typed = cfg.ClueShows != engine.ShowsTouches && !cfg.AlternatingClues
		h.clueSets()
		// A card touched by every clue of a type makes a clue of that
		// type missing it impossible when it is the focus.
		byAll := len(cfg.ClueColors) > 1 && h.allColor != 0 || len(cfg.ClueRanks) > 1 && h.allRank != 0
		h.missTyped = h.typed && cfg.Players <= 3 && !byAll
		h.focusK = focusCards(cfg)
		h.width = schemeWidth(h.typed, h.missTyped, h.focusK)
	}
	for i := range h.ident {
		h.ident[i] = -1
	}
	return h
}

func (h *hatPlayer) Start(v *engine.View) {
	h.fallback.Start(v)
	for p := range v.Players {
		for _, cv := range v.Hand(p) {
			h.pub[cv.ID] = h.d.all
		}
	}
	h.sync(v)
}

// sync loads the public state of v and folds the clue deductions of every
// card into the public record.
func (h *hatPlayer) sync(v *engine.View) {
	h.notes, h.deck = v.NoteTokens, v.DeckCount
	if h.hole != nil && v.PlaysHidden {
		h.hole.note(v)
		h.b.loadHole(h.d, v, h.hole)
		h.storm = v.Config.StormTokens - h.hole.storms
	} else {
		h.b.load(h.d, v)
		h.storm = v.Config.StormTokens - v.StormsUsed
	}
	for x := range h.pubW {
		h.pubW[x] = h.b.weight(x)
	}
	for p := range v.Players {
		hand := v.Hand(p)
		h.handLen[p] = len(hand)
		for i := range hand {
			cv := &hand[i]
			h.hands[p][i] = cv.ID
			if cv.Known {
				h.ident[cv.ID] = ident(cv.Card)
			}
			k := h.d.knowMask(cv)
			m := h.pub[cv.ID] & k & h.b.out
			if m == 0 {
				// The record has gone wrong (only a clue that could not
				// be given as meant does that): fall back to the clues.
				m = k & h.b.out
			}
			if m == 0 {
				m = k
			}
			h.pub[cv.ID] = m
		}
	}
}

func (h *hatPlayer) Observe(v *engine.View, ev engine.Event) {
	h.fallback.Observe(v, ev)
	if a := ev.Action; a.Kind == engine.Play || a.Kind == engine.Discard {
		x := ident(ev.Card)
		if ev.FaceDown {
			x = h.ident[a.Card] // -1 for this seat's own card
		}
		if x >= 0 && h.pub[a.Card]&bit(x) == 0 {
			// The record ruled out the card that was shown: some seat's
			// clues were not hat sums.
			h.alone = true
		}
		if ev.FaceDown && h.hole != nil && !h.alone {
			h.holePlay(ev)
		}
	}
	if h.alone || v.Over {
		// Nothing is left to learn for; a seat that gave no clue on the
		// last turn did not mean that nobody needed one.
		return
	}
	switch a := ev.Action; {
	case a.IsClue() || a.Kind == engine.HiddenClue:
		h.readClue(ev)
	case (a.Kind == engine.Play || a.Kind == engine.Discard) && thrown(ev):
		if h.notes > 0 {
			h.nobodyNeedsClue(ev.Seat, &h.pub)
		}
		if useless := h.publicUseless(ev.Seat, &h.pub); len(useless) > 1 {
			for i, id := range useless {
				if id == a.Card {
					h.share(ev.Seat, len(useless), i, &h.pub)
				}
			}
		}
	}
	if ev.Drawn >= 0 {
		h.pub[ev.Drawn] = h.d.all
	}
	h.sync(v)
}

// readClue reads a clue as a hat sum and learns from it: the other seats'
// answers about the hands they hold, and this seat's own.
func (h *hatPlayer) readClue(ev engine.Event) {
	a := ev.Action
	k := (a.Target - ev.Seat - 1 + h.n) % h.n
	var meaning int
	if h.focusK == 0 {
		meaning = a.Value
		if a.Kind == engine.RankClue {
			meaning = len(h.d.cfg.ClueColors)
			for i, r := range h.d.cfg.ClueRanks {
				if r == a.Value {
					meaning += i
				}
			}
		}
	} else {
		var buf [engine.MaxHand]int
		meaning = h.meaning(a.Target, h.focusOrder(a.Target, &h.pub, buf[:], h.focusK), a.Kind, ev.Touched)
	}
	h.share(ev.Seat, h.width*(h.n-1), k*h.width+meaning, &h.pub)
}

// share learns from a hat sum val modulo total announced by seat giver.
func (h *hatPlayer) share(giver, total, val int, pub *[engine.MaxDeck]uint64) {
	var masks [engine.MaxHand]uint64
	var cards [engine.MaxHand]int
	for p := range h.n {
		if p == giver || p == h.seat {
			continue
		}
		m, c := h.handOf(p, pub, masks[:], cards[:])
		val -= h.encode(m, c, total)
		h.store(p, m, pub)
	}
	if h.seat != giver {
		val = ((val % total) + total) % total
		m, _ := h.handOf(h.seat, pub, masks[:], cards[:])
		h.decode(m, val, total)
		h.store(h.seat, m, pub)
	}
}

// sum is the hat sum modulo total this seat would announce, computed on a
// scratch copy of the public record.
func (h *hatPlayer) sum(total int, pub *[engine.MaxDeck]uint64) int {
	var masks [engine.MaxHand]uint64
	var cards [engine.MaxHand]int
	s := 0
	for p := range h.n {
		if p == h.seat {
			continue
		}
		m, c := h.handOf(p, pub, masks[:], cards[:])
		s += h.encode(m, c, total)
	}
	return s % total
}

func (h *hatPlayer) handOf(p int, pub *[engine.MaxDeck]uint64, masks []uint64, cards []int) ([]uint64, []int) {
	n := h.handLen[p]
	for i, id := range h.hands[p][:n] {
		masks[i], cards[i] = pub[id], h.ident[id]
	}
	return masks[:n], cards[:n]
}

func (h *hatPlayer) store(p int, masks []uint64, pub *[engine.MaxDeck]uint64) {
	for i, id := range h.hands[p][:h.handLen[p]] {
		pub[id] = masks[i]
	}
}

// knowsPlayable reports whether seat p publicly knows one of its cards is
// playable, and enough of it to play it (canScore).
func (h *hatPlayer) knowsPlayable(p int, pub *[engine.MaxDeck]uint64) bool {
	for _, id := range h.hands[p][:h.handLen[p]] {
		if m := pub[id]; m != 0 && m&^h.b.playable == 0 && h.canScore(m) {
			return true
		}
	}
	return false
}

// nobodyNeedsClue is what a discard with notes to spare tells: the
// discarder saw no seat holding a playable card it did not know of, so a
// seat that knows of none has none. Unless the discarder may not have been
// able to tell it (mayFail).
func (h *hatPlayer) nobodyNeedsClue(actor int, pub *[engine.MaxDeck]uint64) {
	for p := range h.n {
		if p == actor || h.knowsPlayable(p, pub) || h.mayFail(p, pub) {
			continue
		}
		for _, id := range h.hands[p][:h.handLen[p]] {
			if m := pub[id] &^ h.b.playable; m != 0 {
				pub[id] = m
			}
		}
	}
}

// publicUseless lists seat p's cards that everyone knows can go: dead, or a
// second copy of a card known in the same hand.
func (h *hatPlayer) publicUseless(p int, pub *[engine.MaxDeck]uint64) []int {
	return h.useless(h.hands[p][:h.handLen[p]], pub, func(m uint64) bool { return m&^h.b.dead == 0 })
}

// useless lists the cards of ids that can go as far as pub tells: those
// dead says are dead, or a second copy of a card known among them.
func (h *hatPlayer) useless(ids []int, pub *[engine.MaxDeck]uint64, dead func(uint64) bool) []int {
	var out []int
	var known uint64
	for _, id := range ids {
		m := pub[id]
		switch {
		case !h.sideKnown(m):
		case m != 0 && dead(m):
			out = append(out, id)
		case bits.OnesCount64(m) == 1:
			if known&m != 0 {
				out = append(out, id)
			}
			known |= m
		}
	}
	return out
}

func oneSuit(d *deckInfo, m uint64) bool {
	for s := range d.suits {
		if m&^d.suitMask[s] == 0 {
			return true
		}
	}
	return false
}

func oneRank(d *deckInfo, m uint64) bool {
	for r := 1; r <= engine.MaxRank; r++ {
		if m&^d.rankMask[r] == 0 {
			return true
		}
	}
	return false
}
