package play

import (
	"cmp"
	"context"
	"slices"

	"github.com/hanabi-server/hanabi/auth"
)

// MaxNote is the longest note, in characters.
const MaxNote = 200

// ErrNotesNotActive refuses a note outside play.
var ErrNotesNotActive = &Error{Code: NotActive, Msg: "notes are written while the game is in play"}

// Note is a seat's own text on one card. It is only ever what the seat
// wrote: the server adds nothing, so a note tells no more than its writer knew.
type Note struct {
	Seat int
	Card int
	Text string
}

// NotesFor is the notes viewer may read (viewer -1: the public): a seat's
// own while the game runs, everyone's once it is over; none in a lobby.
func (st *State) NotesFor(viewer int) []Note {
	if len(st.Notes) == 0 {
		return nil
	}
	switch st.Status {
	case StatusFinished, StatusCancelled:
		return st.Notes
	case StatusActive:
		var own []Note
		for _, n := range st.Notes {
			if n.Seat == viewer {
				own = append(own, n)
			}
		}
		return own
	}
	return nil
}

// WriteNote sets the caller's seat's note on card (an empty text removes
// it) and returns the game with it. Any card dealt so far may carry a note:
// one in a hand, the seat's own included, or one since played or
// discarded.
func (g *Games) WriteNote(ctx context.Context, id string, by auth.Caller, card int, text string) (*State, error) {
	if err := auth.NeedSeat(by, id); err != nil {
		return nil, err
	}
	seat, occupant := by.Seat, by.Occupant
	if err := plainText("a note", text, MaxNote); err != nil {
		return nil, err
	}
	n := Note{Seat: seat, Card: card, Text: text}
	return g.inTurn(ctx, id, func(t *Table) (*State, error) {
		return g.judged(ctx, t, func(cur *State) (*State, error) {
			if err := Admit(cur, seat, occupant); err != nil {
				return nil, err
			}
			if cur.Status != StatusActive {
				return nil, ErrNotesNotActive
			}
			if dealt := cur.Config.DeckSize() - cur.Game.DeckCount(); card < 0 || card >= dealt {
				return nil, errorf(Invalid, "card %d has not been dealt (cards 0–%d have)", card, dealt-1)
			}
			if err := g.store.WriteNote(ctx, id, cur.NotesRev, n, occupant); err != nil {
				return nil, err
			}
			next := *cur
			next.NotesRev++
			next.Notes = withNote(cur.Notes, n)
			return t.publish(&next, 0), nil
		})
	})
}

// withNote is notes (by seat and card) with n written: set, or removed
// when its text is empty.
func withNote(notes []Note, n Note) []Note {
	i, found := slices.BinarySearchFunc(notes, n, func(a, b Note) int { return cmp.Or(a.Seat-b.Seat, a.Card-b.Card) })
	switch {
	case found && n.Text == "":
		return slices.Delete(slices.Clone(notes), i, i+1)
	case found:
		notes = slices.Clone(notes)
		notes[i] = n
		return notes
	case n.Text == "":
		return notes
	}
	return slices.Insert(slices.Clone(notes), i, n)
}
