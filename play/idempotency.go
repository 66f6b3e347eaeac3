package play

import (
	"context"
	"errors"

	"github.com/hanabi-server/hanabi/models"
)

// ErrKeyTaken: a request with the same idempotency key has made its change,
// or is making it now; the caller answers what that request answered.
var ErrKeyTaken = models.ErrIdempotencyKeyTaken

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
type Key struct{ Scope, Key, Hash string }

// row is the key as the store records it (nil: none).
func (k *Key) row() *models.Idempotency {
	if k == nil {
		return nil
	}
	return &models.Idempotency{Scope: k.Scope, Key: k.Key, Hash: k.Hash}
}

// Answered returns the record of a key, or nil when nobody took it.
func (g *Games) Answered(ctx context.Context, scope, key string) (*Answer, error) {
	rec, err := g.store.LookupIdempotency(ctx, scope, key)
	if errors.Is(err, models.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &Answer{Hash: rec.Hash, Status: rec.Status, Header: rec.Header, Body: rec.Body}, nil
}

// Answer keeps a request's answer under its key, for its retries. changed:
// the request made its change, which recorded the key; its answer completes
// that record. Otherwise the request was refused, and its answer is kept
// only if no other request holds the key: then Answer returns that
// request's record instead, which is what the caller must answer (its
// answer, or that it is still under way).
func (g *Games) Answer(ctx context.Context, scope, key string, a Answer, changed bool) (*Answer, error) {
	kept, err := g.store.CompleteIdempotency(ctx, models.Idempotency{Scope: scope, Key: key, Hash: a.Hash, Status: a.Status, Header: a.Header, Body: a.Body}, changed)
	if err != nil || kept || changed {
		return nil, err
	}
	other, err := g.Answered(ctx, scope, key)
	if err == nil && other == nil {
		err = errors.New("idempotency: a key neither kept nor held")
	}
	return other, err
}
