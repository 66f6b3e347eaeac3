// Package models stores games, seats and the append-only action log with gorm,
// on an embedded SQLite file or on PostgreSQL: it implements play.Store, in
// play's types and errors. A game's state is never stored: it is the engine
// replaying the log.
package models

import (
	"time"

	"github.com/hanabi-server/hanabi/engine"
	"github.com/hanabi-server/hanabi/play"
)

var _ play.Store = (*Store)(nil)

// Game is a game's creation parameters and its bookkeeping. Version counts
// every change (a seat taken, an action applied), starting at 0: a game the
// store returns has it whole. Stored, the column counts only the changes
// outside the log (seats taken and left, a lobby cancelled), and each log
// entry adds one: a move then writes its entry and nothing else. UpdatedAt,
// as returned, is the time of the last change, log entries included.
type Game struct {
	ID        string `gorm:"primaryKey;size:40"`
	Variant   string `gorm:"size:64;not null"`
	Options   string `gorm:"not null"` // JSON of variants.Settings
	Seed      string `gorm:"size:256;not null"`
	Players   int    `gorm:"not null"`
	Status    string `gorm:"size:16;not null;index"`
	Version   int64  `gorm:"not null"`
	CreatedAt time.Time
	UpdatedAt time.Time
	// Deadline is when something is next due in the game (see SetDeadline).
	Deadline *time.Time
	// Unlisted keeps the game out of ListGames; JoinSecret, when set, is
	// what a joiner must know (the invite link carries it).
	Unlisted   bool   `gorm:"not null;default:false"`
	JoinSecret string `gorm:"not null;default:''"`
	// NotesRev counts the writes of the game's card notes (see WriteNote).
	NotesRev int64 `gorm:"not null;default:0"`
	// Taken and Host are filled by ListGames only: how many seats are
	// taken, and seat 0's name ("" when it is free).
	Taken int    `gorm:"-"`
	Host  string `gorm:"-"`
}

// Seat is one taken seat. Bot is the strategy's name for a bot seat, else "".
// Occupant names this occupancy of the seat (a seat token carries it): a
// seat left and taken again has a new one, so old tokens stop working.
type Seat struct {
	GameID    string `gorm:"primaryKey;size:40"`
	Seat      int    `gorm:"primaryKey;autoIncrement:false"`
	Name      string `gorm:"size:64;not null"`
	Bot       string `gorm:"size:64;not null"`
	Occupant  string `gorm:"size:40;not null"`
	CreatedAt time.Time
}

// Action is one entry of a game's action log. The primary key (game, seq)
// is the guard that lets only one request append action number seq.
type Action struct {
	GameID string `gorm:"primaryKey;size:40"`
	Seq    int    `gorm:"primaryKey;autoIncrement:false"` // 0-based: the turn it was taken on
	Seat   int    `gorm:"not null"`
	Kind   int    `gorm:"not null"` // engine.Kind
	Card   int    `gorm:"not null"`
	Target int    `gorm:"not null"`
	Value  int    `gorm:"not null"`
	// Auto: a bot made this move for a seat whose time ran out.
	Auto      bool `gorm:"not null"`
	CreatedAt time.Time
}

// row is g as play takes it, in UTC: pgx reads times in the process's
// local zone, and a game should not look different depending on the replica.
func (g *Game) row() *play.GameRow {
	return &play.GameRow{Record: play.Record{ID: g.ID, Variant: g.Variant, Seed: g.Seed, Players: g.Players, Status: g.Status,
		Version: g.Version, CreatedAt: g.CreatedAt.UTC(), UpdatedAt: g.UpdatedAt.UTC(), Unlisted: g.Unlisted,
		JoinSecret: g.JoinSecret, NotesRev: g.NotesRev, Taken: g.Taken, Host: g.Host}, Options: g.Options, Deadline: g.Deadline}
}

// entry is a as play takes it.
func (a Action) entry() play.Entry {
	return play.Entry{Seq: a.Seq, Seat: a.Seat, Action: engine.Action{Kind: engine.Kind(a.Kind), Card: a.Card, Target: a.Target,
		Value: a.Value}, At: a.CreatedAt.UTC(), Auto: a.Auto}
}

// actionOf is entry e of game id as stored.
func actionOf(id string, e play.Entry) Action {
	return Action{GameID: id, Seq: e.Seq, Seat: e.Seat, Kind: int(e.Action.Kind), Card: e.Action.Card, Target: e.Action.Target,
		Value: e.Action.Value, Auto: e.Auto, CreatedAt: e.At}
}
