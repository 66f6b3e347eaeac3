// Package models stores games, seats and the append-only action log with gorm,
// on an embedded SQLite file or on PostgreSQL. A game's state is never stored:
// it is the engine replaying the log.
package models

import (
	"errors"
	"time"
)

// Game statuses.
const (
	StatusLobby    = "lobby"
	StatusActive   = "active"
	StatusFinished = "finished"
	// StatusCancelled is a lobby that never started: everyone left, or it
	// expired.
	StatusCancelled = "cancelled"
)

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

var (
	ErrNotFound = errors.New("not found")
	ErrGameFull = errors.New("no seat is free")
	ErrConflict = errors.New("that action number is already taken")
	ErrNotLobby = errors.New("the game is not taking seats")
	// ErrNotOccupant: the seat is free or held by another occupant.
	ErrNotOccupant = errors.New("the seat is not held by that occupant")
	// ErrNotActive: the game is not in play (a lobby, or over).
	ErrNotActive = errors.New("the game is not in play")
)
