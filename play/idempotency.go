package play

import (
	"context"
	"errors"

	"github.com/hanabi-server/hanabi/engine"
)

// ErrKeyTaken: a request with the same idempotency key has made its change,
// or is making it now; the caller answers what that request answered.
var ErrKeyTaken = errors.New("the idempotency key is taken")

// Answer is an idempotency key's record: the hash of the request that took
// it and, once that request was answered, its answer (Status 0: not yet).
type Answer struct {
	Hash   string
	Status int
	Header string
	Body   []byte
}

// Key is a request's Idempotency-Key, given to the Create, Join or Act that
// it makes: the change commits together with the key, so that a retry can
// never make it twice. Scope is the caller and the path; Hash, the request's.
type Key struct {
	Scope, Key, Hash string
	// Render, when set, is the answer to the change that made st: a move
	// (seat's, ev), a join (the seat taken) or a new game (seat: the
	// creator's, -1 when a bot took seat 0). The change then commits its answer with its key, so that a
	// retry gets it even when the request never could tell it (a crash, a
	// connection lost just after the commit) instead of "still under way"
	// for as long as the key is kept.
	Render func(st *State, seat int, ev engine.Event) (Answer, error)
	// Answer is what the store records with the key (nil: the request
	// completes the record once answered).
	Answer *Answer
}

// answered is k with its answer to the change that made st, when k
// renders one.
func (k *Key) answered(st *State, seat int, ev engine.Event) (*Key, error) {
	if k == nil || k.Render == nil {
		return k, nil
	}
	a, err := k.Render(st, seat, ev)
	if err != nil {
		return nil, err
	}
	a.Hash = k.Hash
	cp := *k
	cp.Answer = &a
	return &cp, nil
}

// Answered returns the record of a key, or nil when nobody took it.
func (g *Games) Answered(ctx context.Context, scope, key string) (*Answer, error) {
	a, err := g.store.LookupIdempotency(ctx, scope, key)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	return a, err
}

// Refused keeps a refused request's answer under its key, for its
// retries, only if no other request holds the key: then Refused returns
// that request's record instead, which is what the caller must answer (its
// answer, or that it is still under way). A change needs no such call: its
// answer commits with it (see Key.Render).
func (g *Games) Refused(ctx context.Context, scope, key string, a Answer) (*Answer, error) {
	kept, err := g.store.KeepRefusal(ctx, scope, key, a)
	if err != nil || kept {
		return nil, err
	}
	other, err := g.Answered(ctx, scope, key)
	if err == nil && other == nil {
		err = errors.New("idempotency: a key neither kept nor held")
	}
	return other, err
}
