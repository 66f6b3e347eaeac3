package models

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/hanabi-server/hanabi/play"
)

// Idempotency is one Idempotency-Key: its scope (the caller and the path),
// the key, the hash of the request it came with, and, once the request is
// answered, the answer (nil: not answered yet).
type Idempotency struct {
	Scope     string `gorm:"primaryKey;size:600"`
	Key       string `gorm:"column:idem_key;primaryKey;size:255"`
	Hash      string `gorm:"size:64;not null"`
	Body      []byte
	CreatedAt time.Time
}

// TableName is the table of idempotency keys.
func (Idempotency) TableName() string { return "idempotency" }

// IdempotencyKeep is how long a key and its answer are kept.
const IdempotencyKeep = 48 * time.Hour

// recordKey inserts k, if set, in tx; a key already there is
// play.ErrKeyTaken.
func recordKey(tx *gorm.DB, k *play.Key) error {
	if k == nil {
		return nil
	}
	row := Idempotency{Scope: k.Scope, Key: k.Key, Hash: k.Hash, Body: k.Reply, CreatedAt: now()}
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return play.ErrKeyTaken
	}
	return nil
}

// LookupIdempotency returns the key's record, or play.ErrNotFound.
func (s *Store) LookupIdempotency(ctx context.Context, scope, key string) (*play.Answer, error) {
	var row Idempotency
	err := s.w.WithContext(ctx).Where("scope = ? AND idem_key = ?", scope, key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, play.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &play.Answer{Hash: row.Hash, Reply: row.Body}, nil
}

// KeepRefusal stores the answer of a request with a key that changed
// nothing (it was refused), only when no request holds the key: kept reports
// whether it was. It never overwrites another request's record, so a
// refusal judged after a copy of the same request made its change is never
// what the key answers. (A change records its key, with its answer, as it
// commits.) Now and then it forgets keys older than IdempotencyKeep.
func (s *Store) KeepRefusal(ctx context.Context, scope, key string, a play.Answer) (kept bool, err error) {
	rec := Idempotency{Scope: scope, Key: key, Hash: a.Hash, Body: a.Reply, CreatedAt: now()}
	res := s.w.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&rec)
	if res.Error != nil {
		return false, res.Error
	}
	kept = res.RowsAffected > 0
	if err := s.purgeIdempotency(ctx); err != nil {
		return kept, err
	}
	return kept, nil
}

// purgeIdempotency forgets, at most once an hour, keys older than
// IdempotencyKeep.
func (s *Store) purgeIdempotency(ctx context.Context) error {
	s.purgeMu.Lock()
	due := now().Sub(s.purgedIdempotency) > time.Hour
	if due {
		s.purgedIdempotency = now()
	}
	s.purgeMu.Unlock()
	if due {
		return s.w.WithContext(ctx).Where("created_at < ?", now().Add(-IdempotencyKeep)).Delete(&Idempotency{}).Error
	}
	return nil
}
