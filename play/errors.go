package play

import (
	"fmt"
	"strconv"

	"github.com/hanabi-server/hanabi/fault"
)

// Code says what kind of refusal an Error is; the transport maps each code to
// its own answer (api: one problem table).
type Code uint8

const (
	// Invalid: the request itself is wrong (a bad name, seed or table).
	Invalid Code = iota + 1
	// NotFound: no such game.
	NotFound
	// NoSuchSeat: the seat is not one of the game's.
	NoSuchSeat
	// NotActive: the game is not in play (lobby or finished).
	NotActive
	// GameFull: no seat is free.
	GameFull
	// StaleVersion: the move was for another version, or lost a race.
	StaleVersion
	// NotYourTurn: a racing move passed the turn on.
	NotYourTurn
	// Revoked: the credential names an occupancy of the seat that has
	// ended (its holder left).
	Revoked
	// NoBot: no bot strategy of that name can take a seat.
	NoBot
	// Private: a private table's seat asked for without its join secret.
	Private
	// PreconditionFailed: the caller's own precondition on the version
	// (see Move.IfMatch) does not hold.
	PreconditionFailed
	// Closed: a table closed to spectators read by someone not at it, or
	// a watcher asking what the table's spectators may not see.
	Closed
	// Untimed: a pause asked of a game that has no clock to stop.
	Untimed
	// Unauthorized: the caller brought no credential where one is needed.
	Unauthorized
	// BadText: a name, chat line or note that holds what a person cannot
	// see (a format or control character) or is not UTF-8.
	BadText
	// GuestNameTaken: a guest's name that is an account's, or looks like
	// one.
	GuestNameTaken
	// DealInPlay: a read of another game on the shared deal that the
	// reader is playing now (see Spoils).
	DealInPlay
	// ChatFull: a line for a table whose chat holds MaxChatLines.
	ChatFull
)

var codeNames = [...]string{Invalid: "invalid", NotFound: "not_found", NoSuchSeat: "no_such_seat",
	NotActive: "not_active", GameFull: "game_full", StaleVersion: "stale_version", NotYourTurn: "not_your_turn",
	Revoked: "revoked", NoBot: "no_bot", Private: "private", PreconditionFailed: "precondition_failed", Closed: "closed", Untimed: "untimed", Unauthorized: "unauthorized",
	BadText: "bad_text", GuestNameTaken: "guest_name_taken", DealInPlay: "deal_in_play", ChatFull: "chat_full"}

func (c Code) String() string {
	if int(c) < len(codeNames) && codeNames[c] != "" {
		return codeNames[c]
	}
	return "code_" + strconv.Itoa(int(c))
}

// Error is a refusal of play's own. Rules errors stay the engine's
// (*engine.Error); option errors stay the variants'.
type Error = fault.Refused[Code]

// faults are the kind and the contract's code of each refusal.
var faults = fault.Table[Code]{
	Invalid:            {Kind: fault.Invalid, Code: "bad_request"},
	NotFound:           {Kind: fault.NotFound, Code: "not_found"},
	NoSuchSeat:         {Kind: fault.Forbidden, Code: "forbidden"},
	NotActive:          {Kind: fault.Conflict, Code: "game_not_active"},
	GameFull:           {Kind: fault.Conflict, Code: "game_full"},
	StaleVersion:       {Kind: fault.Conflict, Code: "stale_version"},
	NotYourTurn:        {Kind: fault.Conflict, Code: "not_your_turn"},
	Revoked:            {Kind: fault.Unauthorized, Code: "unauthorized"},
	NoBot:              {Kind: fault.Invalid, Code: "bad_request"},
	Private:            {Kind: fault.Forbidden, Code: "forbidden"},
	Closed:             {Kind: fault.Forbidden, Code: "spectators_closed"},
	Untimed:            {Kind: fault.Conflict, Code: "game_untimed"},
	PreconditionFailed: {Kind: fault.Precondition, Code: "precondition_failed"},
	Unauthorized:       {Kind: fault.Unauthorized, Code: "unauthorized"},
	BadText:            {Kind: fault.Invalid, Code: "invalid_text"},
	GuestNameTaken:     {Kind: fault.Conflict, Code: "guest_name_taken"},
	DealInPlay:         {Kind: fault.Conflict, Code: "deal_in_play"},
	ChatFull:           {Kind: fault.Conflict, Code: "chat_full"},
}

// Fault is the refusal's kind and code (see package fault).
func (c Code) Fault() (fault.Kind, string) { return faults.Fault(c) }

// Sentinels, for errors.Is.
var (
	ErrInvalid      = &Error{Code: Invalid, Msg: "invalid request"}
	ErrNotFound     = &Error{Code: NotFound, Msg: "no such game"}
	ErrNoSuchSeat   = &Error{Code: NoSuchSeat, Msg: "no such seat"}
	ErrNotActive    = &Error{Code: NotActive, Msg: "the game is not active"}
	ErrGameFull     = &Error{Code: GameFull, Msg: "every seat is taken"}
	ErrStaleVersion = &Error{Code: StaleVersion, Msg: "another action was applied first"}
	ErrNotYourTurn  = &Error{Code: NotYourTurn, Msg: "not your turn"}
	ErrRevoked      = &Error{Code: Revoked, Msg: "this seat has been left; its credential no longer works"}
	ErrPrivate      = &Error{Code: Private, Msg: "this table is private: join it with its invite link, which carries its secret"}
	ErrClosed       = &Error{Code: Closed, Msg: "this table is closed to spectators while it runs"}
	ErrBadCursor    = &Error{Code: Invalid, Msg: "cursor is not one this server handed out"}
	ErrDealInPlay   = &Error{Code: DealInPlay, Msg: "you are playing this deal at another table: its other games show your cards until your game ends"}
)

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}
