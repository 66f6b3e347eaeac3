package models

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

// An Idempotency-Key is kept as its scope (the caller and the path), the
// key, the hash of the request it came with, and, once the request is
// answered, the answer (NULL: not answered yet), for IdempotencyKeep.

// IdempotencyKeep is how long a key and its answer are kept.
const IdempotencyKeep = 48 * time.Hour

// keySQL records a key with its answer, if it has one yet, and the token of
// the change that records it (see appendSQL); nothing when the key is
// taken.
const keySQL = "INSERT INTO idempotency (scope, idem_key, hash, body, created_at, token) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING"

// LookupIdempotency returns the key's record, or play.ErrNotFound. Now
// and then it forgets keys older than IdempotencyKeep (forgetKeys): every
// keyed request looks its key up, so keys are forgotten whether or not
// anything is refused.
func (s *Store) LookupIdempotency(ctx context.Context, scope, key string) (*play.Answer, error) {
	if err := s.forgetKeys(ctx); err != nil {
		return nil, err
	}
	var a play.Answer
	err := s.orm.WithContext(ctx).Table("idempotency").Select("hash, body AS reply").Where("scope = ? AND idem_key = ?", scope, key).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, play.ErrNotFound
	}
	return &a, err
}

// KeepRefusal stores the answer of a request with a key that changed
// nothing (it was refused), only when no request holds the key: kept reports
// whether it was. It never overwrites another request's record, so a
// refusal judged after a copy of the same request made its change is never
// what the key answers. (A change records its key, with its answer, as it
// commits.)
func (s *Store) KeepRefusal(ctx context.Context, scope, key string, a play.Answer) (kept bool, err error) {
	res := s.orm.WithContext(ctx).Exec(keySQL, scope, key, a.Hash, a.Reply, now(), "")
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected > 0, nil
}

// forgetKeys deletes the keys older than IdempotencyKeep, at most once an
// hour.
func (s *Store) forgetKeys(ctx context.Context) error {
	s.purgeMu.Lock()
	due := time.Since(s.purged) > time.Hour
	if due {
		s.purged = time.Now()
	}
	s.purgeMu.Unlock()
	if !due {
		return nil
	}
	return s.orm.WithContext(ctx).Table("idempotency").Where("created_at < ?", now().Add(-IdempotencyKeep)).Delete(nil).Error
}
