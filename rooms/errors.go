package rooms

import "github.com/hanabi-server/hanabi/fault"

// Code says what kind of refusal an Error is.
type Code uint8

const (
	// Invalid: the request itself is wrong.
	Invalid Code = iota + 1
	// NotFound: no such room or game.
	NotFound
	// Forbidden: the caller may not do that here (not the leader, not a
	// member).
	Forbidden
	// NotFinished: a replay room opens on a finished game only.
	NotFinished
	// BadText: a chat line that holds what a person cannot see (a format
	// or control character) or is not UTF-8.
	BadText
)

// Error is a refusal of the rooms' own.
type Error struct {
	Code Code
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Fault is the refusal's kind and code (see package fault).
func (e *Error) Fault() (fault.Kind, string) {
	switch e.Code {
	case NotFound:
		return fault.NotFound, "not_found"
	case Forbidden:
		return fault.Forbidden, "forbidden"
	case NotFinished:
		return fault.Conflict, "game_not_active"
	case BadText:
		return fault.Invalid, "invalid_text"
	}
	return fault.Invalid, "bad_request"
}
