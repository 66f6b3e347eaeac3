package api

import (
	"strconv"
	"sync"

	"github.com/hanabi-server/hanabi/engine"
)

// LegalMoves is every move the seat to act may make now, as the engine
// judges it from that seat's view alone (engine.View.LegalActions): a
// client offers exactly these and decides no rule itself. Nothing in it
// depends on what the seat's own cards are: which of them may be played or
// discarded follows from the rules and from what their holder knows of
// them, and a clue's touches are cards in another hand, which the seat sees.
type LegalMoves struct {
	// Play is the ids of the cards the seat may play: its own, newest
	// first, then the deck's last card (deck_next_card) while a deck play
	// is allowed.
	Play []int `json:"play" example:"14,11,7,3,0"`
	// Discard is the ids of the cards the seat may discard, in hand order:
	// every card of its own while the team lacks a note token. At the
	// maximum, none under the ABACUS rules but the cards their holder
	// cannot rule out being of a suit that swaps play and discard (Orange);
	// under hanab.live's rules any card in such a variant, and there, with
	// deck plays, the deck's last card too.
	Discard []int `json:"discard" example:"14,11,7,3,0"`
	// Clues is every clue the seat may give, by target seat, colors (in
	// the variant's clue_colors order) before ranks, with the cards each
	// would touch. Empty without a note token; in Alternating Clues only
	// clues of next_clue_type.
	Clues []LegalClue `json:"clues"`
}

// LegalClue is one clue the seat to act may give, as an action would name
// it: exactly one of color and rank is set, the other null.
type LegalClue struct {
	Target int     `json:"target" example:"1"`
	Color  *string `json:"color" example:"red" extensions:"x-nullable"`
	Rank   *int    `json:"rank" example:"3" extensions:"x-nullable"`
	// Touches is the ids of the target's cards the clue would touch,
	// ascending (as a clue event's touched). Empty for a clue that touches
	// nothing, which may be given where the table allows empty clues or no
	// card of the variant could be touched by it (a color clue in a
	// colour-blind variant).
	Touches []int `json:"touches" example:"5,6"`
}

// The actions of a view's legal moves are listed into a kept buffer: a view
// is rendered on every read, and its seat to act's moves are a few dozen.
var actionBufs = sync.Pool{New: func() any { b := make([]engine.Action, 0, 64); return &b }}

// toAct reports whether v is the view of the seat to act in a running game.
func toAct(v *engine.View, live bool) bool {
	return live && !v.Over && !v.Paused && v.Seat >= 0 && v.Seat == v.Current
}

// appendLegalMoves writes the view's legal_moves member: the legal moves of
// v's seat when it is to act in a game that runs (live: the game is active
// and v is its state now, not a past turn's), null for anyone else. It
// reads the view alone, never the game, so that nothing the seat may not
// know can reach it.
func appendLegalMoves(b []byte, v *engine.View, live bool) []byte {
	b = append(b, `,"legal_moves":`...)
	if !toAct(v, live) {
		return append(b, "null"...)
	}
	buf := actionBufs.Get().(*[]engine.Action)
	defer actionBufs.Put(buf)
	*buf = v.LegalActions(*buf)
	acts := *buf
	b = append(b, `{"play":[`...)
	b = appendCards(b, acts, engine.Play)
	b = append(b, `],"discard":[`...)
	b = appendCards(b, acts, engine.Discard)
	b = append(b, `],"clues":[`...)
	for _, a := range acts {
		if !a.IsClue() {
			continue
		}
		b = strconv.AppendInt(append(comma(b), `{"target":`...), int64(a.Target), 10)
		if a.Kind == engine.ColorClue {
			b = appendString(append(b, `,"color":`...), v.Config.ClueColors[a.Value])
			b = append(b, `,"rank":null`...)
		} else {
			b = strconv.AppendInt(append(b, `,"color":null,"rank":`...), int64(a.Value), 10)
		}
		b = append(appendIDs(append(b, `,"touches":`...), v.Touches(a)), '}')
	}
	return append(b, "]}"...)
}

// appendCards writes the cards of the actions of kind k, comma-separated.
func appendCards(b []byte, acts []engine.Action, k engine.Kind) []byte {
	for _, a := range acts {
		if a.Kind != k {
			continue
		}
		b = strconv.AppendInt(comma(b), int64(a.Card), 10)
	}
	return b
}
