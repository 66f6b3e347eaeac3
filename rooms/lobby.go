// Package rooms is what surrounds the games: the live lobby (its table
// changes and its chat) and the shared replay rooms. It owns their rules
// and states what it needs from storage in its own types; models
// implements them, api is a thin adapter.
package rooms

import (
	"context"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/feed"
	"github.com/hanabi-server/hanabi/internal/humantext"
)

// A lobby event's kinds: a listed table was created, a seat of it was
// taken or given up, it started, or it is gone (it ended or was
// cancelled); or a line of the lobby's chat. PlayerOnline and
// PlayerOffline (online.go) are the others.
const (
	TableCreated = "created"
	TableSeat    = "seat"
	TableStarted = "started"
	TableGone    = "gone"
	LobbyChat    = "chat"
)

// MaxChat is the longest chat line, in characters.
const MaxChat = 300

// KeptChat is how many of its last chat lines the lobby keeps, and shows
// a reader who comes in.
const KeptChat = 50

// keepTables is how long the lobby keeps a table's change for a reader
// who comes back: longer than any reconnect.
const keepTables = 24 * time.Hour

// LobbyEvent is one event of the lobby, in the order they were written:
// ID orders them and is a reader's cursor.
type LobbyEvent struct {
	ID   int64
	Kind string
	// Game is the table a table event is about, or the table or room a
	// player online is at.
	Game string
	// Where is a player online's place: AtLobby, AtTable or AtRoom.
	Where string
	// A chat line's sayer (a signed-in player) and text, or the player
	// of a presence event.
	PlayerID string
	Name     string
	Bot      bool
	Text     string
	At       time.Time
}

// LobbyStore is what the lobby needs from storage. The table events are
// written by the changes to the tables themselves, in their transactions,
// so each change is told once.
type LobbyStore interface {
	// LobbyEvents lists the events after id after, oldest first.
	LobbyEvents(ctx context.Context, after int64, limit int) ([]LobbyEvent, error)
	// LobbyChatTail lists the last n chat lines, oldest first, and the
	// last event's id.
	LobbyChatTail(ctx context.Context, n int) ([]LobbyEvent, int64, error)
	// AddLobbyChat writes a chat line and answers it with its id.
	AddLobbyChat(ctx context.Context, e LobbyEvent) (LobbyEvent, error)
	// PruneLobby forgets the table events written before before, and the
	// chat lines but the last keepChat.
	PruneLobby(ctx context.Context, before time.Time, keepChat int) error
	// LobbyGoneTo is the highest id a prune may have deleted (0: none).
	LobbyGoneTo(ctx context.Context) (int64, error)
	// ListenLobby calls heard when an event may have been written, on
	// any replica.
	ListenLobby(heard func())
}

// Lobby is the lobby's events and the one wait on them.
type Lobby struct {
	store LobbyStore
	now   func() time.Time
	mu    sync.Mutex
	hub   feed.Hub[struct{}]
	// pruned is when this process last pruned the lobby.
	pruned time.Time
}

// NewLobby builds the lobby on store and listens to it.
func NewLobby(store LobbyStore, now func() time.Time) *Lobby {
	if now == nil {
		now = time.Now
	}
	l := &Lobby{store: store, now: now}
	store.ListenLobby(l.heard)
	return l
}

func (l *Lobby) heard() { l.hub.Publish(struct{}{}) }

// Follow is a reader's hold on the lobby's changes; follow before
// reading, and Close when done.
func (l *Lobby) Follow() *feed.Watch[struct{}] { return l.hub.Watch(struct{}{}) }

// Waiting is how many readers wait on the lobby.
func (l *Lobby) Waiting() int { return l.hub.Watching(struct{}{}) }

// Events lists the lobby's events after after, oldest first; a position
// older than the lobby keeps is refused (feed.ErrExpired).
func (l *Lobby) Events(ctx context.Context, after int64, limit int) ([]LobbyEvent, error) {
	l.prune(ctx, l.now())
	evs, err := l.store.LobbyEvents(ctx, after, limit)
	return feed.Unexpired(evs, err, after, func() (int64, error) { return l.store.LobbyGoneTo(ctx) })
}

// Recent is what a reader who comes in sees: the chat's last lines, and
// the cursor to follow from.
func (l *Lobby) Recent(ctx context.Context) ([]LobbyEvent, int64, error) {
	return l.store.LobbyChatTail(ctx, KeptChat)
}

// Say adds the caller's line to the lobby's chat: a signed-in player's,
// 1–300 characters of text a person can read as it is (see humantext).
func (l *Lobby) Say(ctx context.Context, by auth.Caller, text string) (LobbyEvent, error) {
	p, err := member(by)
	if err != nil {
		return LobbyEvent{}, err
	}
	text = strings.TrimSpace(text)
	if err := humantext.Check(text); err != nil {
		return LobbyEvent{}, &Error{Code: BadText, Msg: "a chat line: " + err.Error()}
	}
	if text == "" || utf8.RuneCountInString(text) > MaxChat {
		return LobbyEvent{}, &Error{Code: Invalid, Msg: "a chat line is 1–300 characters of text"}
	}
	at := l.now().UTC().Truncate(time.Millisecond)
	e, err := l.store.AddLobbyChat(ctx, LobbyEvent{Kind: LobbyChat, PlayerID: p.ID, Name: p.Name, Bot: p.Bot, Text: text, At: at})
	if err != nil {
		return LobbyEvent{}, err
	}
	l.prune(ctx, at)
	return e, nil
}

// prune forgets what no reader needs any more, at most every few minutes
// per process: a lobby that lives for months keeps a day of table changes
// and its last chat lines.
func (l *Lobby) prune(ctx context.Context, now time.Time) {
	l.mu.Lock()
	due := now.Sub(l.pruned) > 5*time.Minute
	if due {
		l.pruned = now
	}
	l.mu.Unlock()
	if due {
		_ = l.store.PruneLobby(ctx, now.Add(-keepTables), KeptChat)
	}
}
