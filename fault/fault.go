// Package fault is the vocabulary every domain refuses in: a refusal says
// what kind it is (not found, forbidden, a conflict, ...) and its code in the
// API's contract ("not_your_turn", "name_taken", ...). Transports map the
// kinds to their own answers in one place (api: one table of statuses); no
// domain knows HTTP, and no transport guesses what a domain meant.
package fault

import (
	"errors"
)

// Kind is what kind of refusal an error is.
type Kind uint8

const (
	// Invalid: the request itself is malformed or out of bounds.
	Invalid Kind = iota + 1
	// Unauthorized: no credential where one is needed, or one that does
	// not work (expired, revoked, forged, its seat left).
	Unauthorized
	// Forbidden: a credential that works, but may not do this.
	Forbidden
	// NotFound: no such thing.
	NotFound
	// Conflict: the thing is not in a state that allows it (not your
	// turn, a name taken, a race lost).
	Conflict
	// Precondition: the caller's own condition does not hold (If-Match).
	Precondition
	// Unprocessable: well-formed, but refused by the rules (an illegal
	// move, a name or password out of bounds).
	Unprocessable
	// TooMany: too many tries or requests; wait (see RetryAfter).
	TooMany
	// Unavailable: the service cannot serve now; retry later.
	Unavailable
	// Gone: what the caller names was there once and is no longer kept
	// (a feed's entries after a position it forgot).
	Gone
)

// A Fault is an error that says its kind and its code.
type Fault interface {
	error
	Fault() (Kind, string)
}

// Error is a refusal with nothing of its own beyond its kind, code and
// message. Domains with more to say define their own types that implement
// Fault.
type Error struct {
	Kind Kind
	Code string
	Msg  string
	// RetryAfter is how long to wait, in whole seconds (TooMany).
	RetryAfter int
}

func (e *Error) Error() string         { return e.Msg }
func (e *Error) Fault() (Kind, string) { return e.Kind, e.Code }
func (e *Error) Wait() int             { return e.RetryAfter }
func (e *Error) Is(target error) bool  { t, ok := target.(*Error); return ok && t.Code == e.Code }

// Of is err's kind and code, and whether err (or one it wraps) says them.
func Of(err error) (Kind, string, bool) {
	var f Fault
	if !errors.As(err, &f) {
		return 0, "", false
	}
	k, c := f.Fault()
	return k, c, true
}

// RetryAfter is how long a refusal asks its caller to wait, in seconds (0:
// it says nothing).
func RetryAfter(err error) int {
	var w interface{ Wait() int }
	if errors.As(err, &w) {
		return w.Wait()
	}
	return 0
}

// Refusal is the kind and the contract's code that a domain's refusal
// code stands for.
type Refusal struct {
	Kind Kind
	Code string
}

// Table is a domain's refusals by its own codes: each domain keeps one, so
// that every code it can refuse with has a kind and a contract code.
type Table[C comparable] map[C]Refusal

// Fault is code's kind and contract code; a code the table lacks is a bad
// request, never a server error.
func (t Table[C]) Fault(code C) (Kind, string) {
	r, ok := t[code]
	if !ok {
		return Invalid, "bad_request"
	}
	return r.Kind, r.Code
}

// Code is a domain's own refusal code: it says its kind and its contract
// code (most through the domain's Table).
type Code interface {
	comparable
	Fault() (Kind, string)
}

// Refused is a domain's refusal: its code and a message for people.
type Refused[C Code] struct {
	Code C
	Msg  string
}

func (e *Refused[C]) Error() string         { return e.Msg }
func (e *Refused[C]) Fault() (Kind, string) { return e.Code.Fault() }

// Is makes every refusal of a code match its sentinel, whatever its
// message.
func (e *Refused[C]) Is(target error) bool {
	t, ok := target.(*Refused[C])
	return ok && t.Code == e.Code
}
