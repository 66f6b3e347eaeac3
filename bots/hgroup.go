package bots

import (
	"github.com/hanabi-server/hanabi/engine"
)

// hgPlayer plays the H-group conventions (hanabi.github.io), the ones people
// play on hanab.live, and reads a person's clues the same way. It plays the
// beginner's guide and levels 1 and 2 of the learning path, with parts of
// levels 3 (the fix clue, playing multiple 1's), 8 (the end-game's
// last-turn gambles), 9 (stalling situations: 8 clues, a locked hand,
// double discard avoidance) and 11 (bluffs, read at 3 players or more),
// and the generation discard: see README "The H-group bot" for what each
// part does and what is left out.
//
// The seat keeps a note on every card in play (hgNote): whether a clue ever
// touched it and, where a convention says more than the clues' letters, the
// identities the table takes it for. The notes on other seats' cards are
// what those seats should know of them; a clue's reading that depends on a
// card someone must still play (a prompt or a finesse) is held as links
// (hgLink) until that seat plays it or passes it by.
type hgPlayer struct {
	names []string // the table's names of the seats, for reasons (Named)
	d     *deckInfo
	seat  int
	n     int
	b     board
	note  [engine.MaxDeck]hgNote
	// links hold what a play clue's focus may still be, each on condition
	// that one connecting card is played (see hgroup_read.go).
	links []hgLink
	// seen counts the copies of each identity in the other seats' hands.
	seen [64]int
	// touchedSeen are the identities of the touched cards in the other
	// seats' hands: by good touch a touched card of the seat's own is none
	// of them.
	touchedSeen uint64
	// lastDiscard is the identity a seat discarded from its chop on the last
	// turn, +1 (0: the last move was no such discard): the next seat's chop
	// may be the other copy (double discard avoidance).
	lastDiscard int
	// midGame is set by the first discard: the early game, in which every
	// play and save clue comes before a discard, is over.
	midGame bool
	// hands is the last view's hands, for Notes.
	hands   [engine.MaxPlayers][engine.MaxHand]engine.CardView
	handLen [engine.MaxPlayers]int
	why     string
	// quiet: judging clues only to compare them, with no reasons written.
	quiet bool
	// badOK: a clue may touch cards good touch forbids (when no clue that
	// keeps it can be given and a blind play is all that is left).
	badOK bool
	// chopBefore is the target's chop before the clue being judged.
	chopBefore int
	// stallingNow: the seat's own clue now would be given in a stalling
	// situation (see stalling).
	stallingNow bool
	// goneMask: the identities whose every copy is played or discarded.
	goneMask uint64
	buf      []engine.Action
	hole     *hole
}

// hgNote is one card's note.
type hgNote struct {
	touched bool
	// cands, when not 0, is what the conventions say the card is: the
	// focus of a play or save clue, a card to be played into a prompt or a
	// finesse. 0 leaves the clues' own deductions.
	cands uint64
	// play: its holder plays it once it can (the focus of a play clue, a
	// prompted or finessed card); blind: it was never clued (a finesse).
	play, blind bool
	save        bool // the focus of a save clue: keep it
	cm          bool // chop moved: not the chop any more, untouched though it is
}

// hgLink says that the focus card may be identity x only if the connecting
// card (held by seat) turns out to be y when it is played, and is played
// when that seat next moves.
type hgLink struct {
	focus, x int
	card, y  int
	seat     int
	bluff    bool // any playable card will do (see hgConn)
	blind    bool // the card is played blind: a finesse or a bluff
}

func newHgroup(cfg *engine.Config, seat int, seed uint64) Player {
	if f, ok := newHgroupFallback(cfg, seat, seed); ok {
		return f
	}
	h := &hgPlayer{d: newDeckInfo(cfg), seat: seat, n: cfg.Players}
	if cfg.FaceDownPlays {
		h.hole = &hole{}
	}
	if sw := cfg.SwappedIdentities(); sw != 0 {
		return &hgSwap{hgPlayer: h, swapped: sw}
	}
	return h
}

// hgSwap plays a suit that swaps play and discard (Orange) as swap.go does
// for the conventions player, and keeps the reasons and notes.
type hgSwap struct {
	*hgPlayer
	swapped uint64
}

func (s *hgSwap) Act(v *engine.View) engine.Action {
	return swapAct(v, s.hgPlayer.Act(v), s.swapped)
}

func (h *hgPlayer) Why() string { return withNames(h.why, h.names) }

// SeatNames are the table's names for the seats, which reasons use.
func (h *hgPlayer) SeatNames(names []string) { h.names = append([]string(nil), names...) }

// pubKnown reports whether the holder of cv knows what it is.
func (h *hgPlayer) pubKnown(cv *engine.CardView) bool {
	m := h.common(cv)
	return m&(m-1) == 0
}

func (h *hgPlayer) Start(v *engine.View) { h.load(v) }

func (h *hgPlayer) load(v *engine.View) {
	switch {
	case h.hole != nil && v.PlaysHidden:
		h.hole.note(v)
		h.b.loadHole(h.d, v, h.hole)
	default:
		h.b.load(h.d, v)
	}
	h.goneMask = 0
	forEach(h.d.all, func(x int) {
		if h.b.gone[x] >= h.d.count[x] {
			h.goneMask |= bit(x)
		}
	})
	h.seen, h.touchedSeen = [64]int{}, 0
	for p := range v.Players {
		if p == h.seat {
			continue
		}
		for _, cv := range v.Hand(p) {
			if cv.Known {
				h.seen[ident(cv.Card)]++
				// Only a card its holder knows: a holder that does not could
				// have clued the other copy to this seat without knowing.
				if n := &h.note[cv.ID]; (n.touched || n.play) && h.pubKnown(&cv) {
					h.touchedSeen |= bit(ident(cv.Card))
				}
			}
		}
	}
	h.hands, h.handLen = v.Hands, v.HandLen
	// A card of the seat's own expected to be a card that can no longer be
	// played (someone else played it) is expected no more.
	for _, cv := range v.Hand(h.seat) {
		if n := &h.note[cv.ID]; n.play && !n.touched && n.cands != 0 && n.cands&^h.b.dead == 0 {
			n.play, n.blind, n.cands = false, false, 0
		}
	}
}

// Observe reads each move: a clue by the conventions, a play or discard as
// the end of what was expected of the card.
func (h *hgPlayer) Observe(v *engine.View, ev engine.Event) {
	a := ev.Action
	if h.hole != nil && ev.FaceDown {
		h.hole.played(h.d.cfg, a.Card, h.b.playable)
	}
	switch {
	case a.IsClue() || a.Kind == engine.HiddenClue:
		h.linksAfterMove(ev.Seat, -1, 0, false)
		// Whether the giver had to clue: the notes before this clue, and
		// the note count before it.
		v.NoteTokens++
		stalling := h.stalling(v, ev.Seat)
		v.NoteTokens--
		h.lastDiscard = 0
		// A clue changes no hand, so v shows the target's hand as the giver
		// saw it, with the holder's deductions after the clue.
		h.readClue(v, ev, stalling)
		h.load(v)
	case a.Kind == engine.Play || a.Kind == engine.Discard:
		x := -1
		if !ev.FaceDown {
			x = ident(ev.Card)
		}
		// The chop before the move, to tell a chop discard.
		chopDiscard := false
		if a.Kind == engine.Discard && !ev.Swapped {
			chopDiscard = !h.note[a.Card].touched && !h.note[a.Card].cm
		}
		h.linksAfterMove(ev.Seat, a.Card, x, ev.Played())
		h.note[a.Card] = hgNote{}
		h.load(v)
		h.lastDiscard = 0
		if a.Kind == engine.Discard && !ev.Swapped {
			h.midGame = true
		}
		if chopDiscard && x >= 0 && h.b.dead&bit(x) == 0 {
			h.lastDiscard = x + 1
		}
	default:
		h.load(v)
	}
}
