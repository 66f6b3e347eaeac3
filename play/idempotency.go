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

// WithIdempotencyKey makes the change that ctx's Create, Join or Act makes
// commit together with the key, so that a retry can never make it twice.
func WithIdempotencyKey(ctx context.Context, scope, key, hash string) context.Context {
	return models.WithIdempotency(ctx, models.Idempotency{Scope: scope, Key: key, Hash: hash})
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

// Answer stores the answer to the request that holds the key, for its
// retries; it never replaces another request's answer.
func (g *Games) Answer(ctx context.Context, scope, key string, a Answer) error {
	return g.store.CompleteIdempotency(ctx, models.Idempotency{Scope: scope, Key: key, Hash: a.Hash, Status: a.Status, Header: a.Header, Body: a.Body})
}
