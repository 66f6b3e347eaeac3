package play

import (
	"context"
	"errors"

	"github.com/hanabi-server/hanabi/auth"
	"github.com/hanabi-server/hanabi/engine"
)

// ErrKeyTaken: a request with the same idempotency key has made its change,
// or is making it now; the caller answers what that request answered.
var ErrKeyTaken = errors.New("the idempotency key is taken")

// Answer is an idempotency key's record: the hash of the request that took
// it and, once that request was answered, its answer, the transport's own
// bytes (nil: not yet).
type Answer struct {
	Hash  string
	Reply []byte
}

// Key is a request's Idempotency-Key, given to the Create, Join or Act that
// it makes: the change commits together with the key, so that a retry can
// never make it twice. Scope is the caller and the path; Hash, the
// request's. Reply is the answer the change commits with the key: play
// sets it, from the reply port (see SetReply), before the commit, so that a
// retry gets it even when the request never could tell it (a crash, a
// connection lost just after the commit); the caller sends it.
type Key struct {
	Scope, Key, Hash string
	Reply            []byte
	// by is the caller whose change the key commits with (set by play):
	// the reply is rendered for it (its seat's token, say).
	by auth.Caller
}

// Reply renders the answer to a change that a key commits with it, for the
// caller who made it: st as the change leaves it; seat the caller's (-1:
// none, as for the creator of a table of bots); ev the move's event, nil
// for a create or a join.
type Reply func(by auth.Caller, st *State, seat int, ev *engine.Event) ([]byte, error)

// SetReply sets the reply port: the transport's rendering of the answers
// that changes commit with their keys. Set it once, before serving.
func (g *Games) SetReply(r Reply) { g.reply = r }

// replyTo renders k's answer to the change that made st, when k is set.
func (g *Games) replyTo(k *Key, st *State, seat int, ev *engine.Event) error {
	if k == nil || g.reply == nil {
		return nil
	}
	r, err := g.reply(k.by, st, seat, ev)
	k.Reply = r
	return err
}

// forget drops k's answer to a change that the store refused: that try
// has no answer, and the change's next try, or its caller, renders its own
// (a join that finds the player seated meanwhile answers that seat).
func forget(k *Key) {
	if k != nil {
		k.Reply = nil
	}
}

// Answered returns the record of a key, or nil when nobody took it, as
// the caller by may be answered it: a kept answer is a seat's (its view, a
// token owed to it), so a seat's token whose seat was left is refused it
// (Holds), as it is every other answer about the game.
func (g *Games) Answered(ctx context.Context, scope, key string, by auth.Caller) (*Answer, error) {
	a, err := g.answered(ctx, scope, key)
	if err == nil && a != nil && by.Seated() {
		err = g.Holds(ctx, by.Game, by.Seat, by.Occupant)
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

// answered is the record of a key, or nil when nobody took it.
func (g *Games) answered(ctx context.Context, scope, key string) (*Answer, error) {
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
// answer commits with it (see Key).
func (g *Games) Refused(ctx context.Context, scope, key string, a Answer) (*Answer, error) {
	kept, err := g.store.KeepRefusal(ctx, scope, key, a)
	if err != nil || kept {
		return nil, err
	}
	other, err := g.answered(ctx, scope, key)
	if err == nil && other == nil {
		err = errors.New("idempotency: a key neither kept nor held")
	}
	return other, err
}
