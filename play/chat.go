package play

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// MaxChat is the longest chat line, in characters.
const MaxChat = 300

// Line is one line of a table's chat. Line numbers a game's lines from 1
// (a reader's cursor); AfterSeq is how many of the game's events were out
// when it was said, which places it among them.
type Line struct {
	Line     int
	Seat     int    // the sayer's seat, -1 for a spectator
	Player   string // the sayer's account, "" for a guest
	Name     string
	Text     string
	AfterSeq int
	At       time.Time
}

// Sayer is who says a line: a seat's occupant, or a signed-in spectator.
type Sayer struct {
	Seat     int // -1: a spectator
	Occupant string
	Player   string
	Name     string
	// Secret is the join secret a spectator of a private table brought.
	Secret string
}

// Say adds a line to game id's chat: from a seat of the table (its
// occupancy still its own) or a signed-in spectator the table lets watch,
// in the pregame, the game or after it. A line is no move: it moves the
// table's side revision (NotesRev), not its version.
func (g *Games) Say(ctx context.Context, id string, who Sayer, text string) (*State, Line, error) {
	text = strings.TrimSpace(text)
	if text == "" || utf8.RuneCountInString(text) > MaxChat {
		return nil, Line{}, errorf(Invalid, "a chat line is 1–%d characters", MaxChat)
	}
	if err := plainText("a chat line", text, MaxChat); err != nil {
		return nil, Line{}, err
	}
	var said Line
	st, err := g.inTurn(ctx, id, func(t *Table) (*State, error) {
		return g.judged(ctx, t, func(cur *State) (*State, error) {
			name := who.Name
			if who.Seat >= 0 {
				if err := Admit(cur, who.Seat, who.Occupant); err != nil {
					return nil, err
				}
				for _, s := range cur.Seats {
					if s.Seat == who.Seat {
						name = s.Name
					}
				}
			} else {
				if who.Player == "" {
					return nil, errorf(Closed, "a spectator signs in to chat")
				}
				if _, err := AdmitWatcher(cur, Watcher{SignedIn: true, Shadow: -1, Secret: who.Secret}); err != nil {
					return nil, err
				}
			}
			if cur.Status == StatusCancelled {
				return nil, errorf(NotActive, "the table was cancelled")
			}
			said = Line{Line: cur.ChatLines + 1, Seat: who.Seat, Player: who.Player, Name: name, Text: text,
				AfterSeq: cur.EventCount(), At: g.cfg.Now().UTC().Truncate(time.Millisecond)}
			if err := g.store.Say(ctx, id, cur.NotesRev, said); err != nil {
				return nil, err
			}
			next := *cur
			next.NotesRev++
			next.ChatLines = said.Line
			next.Chat = append(cur.Chat[:len(cur.Chat):len(cur.Chat)], said)
			return t.publish(&next, 0), nil
		})
	})
	return st, said, err
}

// ChatAfter is st's lines after line after, oldest first.
func (st *State) ChatAfter(after int) []Line {
	if after < 0 {
		after = 0
	}
	if after >= len(st.Chat) {
		return nil
	}
	return st.Chat[after:]
}
