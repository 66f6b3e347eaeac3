package play

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hanabi-server/hanabi/auth"
)

// MaxChat is the longest chat line, in characters.
const MaxChat = 300

// MaxChatLines is the most lines a table's chat keeps by default: its state holds
// them all, in every replica's memory while the table is read, and its
// replay shows them. A long evening's table says a few hundred.
const MaxChatLines = 2000

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

// Say adds the caller's line to game id's chat: from a seat of the table
// (its occupancy still its own) or a signed-in spectator the table lets
// watch (a private table's with its join secret), in the pregame, the game
// or after it. The line is the account's when the caller speaks for one (a
// seat's holder, whichever token it came with), else the seat's guest's.
// A line is no move: it moves the table's side revision (NotesRev), not its
// version.
func (g *Games) Say(ctx context.Context, id string, by auth.Caller, secret, text string) (*State, Line, error) {
	seated := by.Seated() && by.Game == id
	switch {
	case by.Via == auth.None:
		return nil, Line{}, errorf(Unauthorized, "a seat of the table or a signed-in spectator chats: take a seat, or sign in")
	case !seated && !by.SignedIn():
		return nil, Line{}, errorf(Closed, "a spectator signs in to chat")
	}
	text = strings.TrimSpace(text)
	if text == "" || utf8.RuneCountInString(text) > MaxChat {
		return nil, Line{}, errorf(Invalid, "a chat line is 1–%d characters", MaxChat)
	}
	if err := plainText("a chat line", text, MaxChat); err != nil {
		return nil, Line{}, err
	}
	var line Line
	st, err := g.inTurn(ctx, id, func(t *Table) (*State, error) {
		return g.judged(ctx, t, func(cur *State) (*State, error) {
			said := Line{Seat: -1}
			if seated {
				if err := Admit(cur, by.Seat, by.Occupant); err != nil {
					return nil, err
				}
				for _, s := range cur.Seats {
					if s.Seat == by.Seat {
						said.Seat, said.Player, said.Name = s.Seat, s.Player, s.Name
					}
				}
			} else {
				if _, err := AdmitWatcher(cur, Watcher{SignedIn: true, Shadow: -1, Secret: secret}); err != nil {
					return nil, err
				}
				said.Player, said.Name = by.Account.ID, by.Account.Name
			}
			if cur.Status == StatusCancelled {
				return nil, errorf(NotActive, "the table was cancelled")
			}
			if cur.ChatLines >= g.cfg.ChatLines {
				return nil, errorf(ChatFull, "this table's chat holds its %d lines: it keeps no more", g.cfg.ChatLines)
			}
			said.Line, said.Text, said.AfterSeq = cur.ChatLines+1, text, cur.EventCount()
			said.At = g.cfg.Now().UTC().Truncate(time.Millisecond)
			if err := g.store.Say(ctx, id, cur.NotesRev, said); err != nil {
				return nil, err
			}
			next := *cur
			next.NotesRev++
			next.ChatLines = said.Line
			next.Chat = append(cur.Chat[:len(cur.Chat):len(cur.Chat)], said)
			line = said
			return t.publish(&next, 0), nil
		})
	})
	return st, line, err
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
