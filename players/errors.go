package players

import (
	"fmt"

	"github.com/hanabi-server/hanabi/fault"
)

// Code is why the players' domain refuses something; a transport maps each
// to its answer.
type Code int

const (
	BadName       Code = iota + 1 // a name out of bounds
	BadPassword                   // a password out of bounds
	NameTaken                     // a name taken, up to the fold
	WrongPassword                 // the name or the password is wrong
	TooManyTries                  // too many failed sign-ins; wait
	Unauthorized                  // no token, or one that does not work
	Forbidden                     // a token that may not do this
	NotFound                      // no such player, token or seed
	Invalid                       // anything else malformed
	BadText                       // a text that holds what a person cannot see
	Busy                          // too many passwords wait to be checked; retry
)

// Error is a refusal of the players' domain.
type Error struct {
	Code Code
	Msg  string
	// Clash is the name that a taken name clashes with (NameTaken).
	Clash string
	// RetryAfter is how long to wait, in whole seconds (TooManyTries).
	RetryAfter int
}

func (e *Error) Error() string { return e.Msg }

// faults are the kind and the contract's code of each refusal.
var faults = fault.Table[Code]{
	BadName:       {Kind: fault.Unprocessable, Code: "invalid_name"},
	BadPassword:   {Kind: fault.Unprocessable, Code: "invalid_password"},
	NameTaken:     {Kind: fault.Conflict, Code: "name_taken"},
	WrongPassword: {Kind: fault.Unauthorized, Code: "wrong_credentials"},
	TooManyTries:  {Kind: fault.TooMany, Code: "too_many_attempts"},
	Unauthorized:  {Kind: fault.Unauthorized, Code: "unauthorized"},
	Forbidden:     {Kind: fault.Forbidden, Code: "forbidden"},
	NotFound:      {Kind: fault.NotFound, Code: "not_found"},
	Invalid:       {Kind: fault.Invalid, Code: "bad_request"},
	BadText:       {Kind: fault.Invalid, Code: "invalid_text"},
	Busy:          {Kind: fault.Unavailable, Code: "busy"},
}

// Fault is the refusal's kind and code (see package fault).
func (e *Error) Fault() (fault.Kind, string) { return faults.Fault(e.Code) }

// Wait is how long a TooManyTries refusal asks to wait, in seconds.
func (e *Error) Wait() int { return e.RetryAfter }

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// The refusals that carry nothing of their own.
var (
	ErrWrongPassword = &Error{Code: WrongPassword, Msg: "that name and password do not match an account"}
	ErrUnauthorized  = &Error{Code: Unauthorized, Msg: "the token is not one that works"}
	ErrNotFound      = &Error{Code: NotFound, Msg: "no such player"}
	ErrBusy          = &Error{Code: Busy, Msg: "too many passwords wait to be checked; try again in a moment", RetryAfter: 1}
)
