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
type Error = fault.Refused[Code]

// faults are the kind and the contract's code of each refusal.
var faults = fault.Table[Code]{
	Invalid:     {Kind: fault.Invalid, Code: "bad_request"},
	NotFound:    {Kind: fault.NotFound, Code: "not_found"},
	Forbidden:   {Kind: fault.Forbidden, Code: "forbidden"},
	NotFinished: {Kind: fault.Conflict, Code: "game_not_active"},
	BadText:     {Kind: fault.Invalid, Code: "invalid_text"},
}

// Fault is the refusal's kind and code (see package fault).
func (c Code) Fault() (fault.Kind, string) { return faults.Fault(c) }
