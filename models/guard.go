package models

import (
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hanabi-server/hanabi/players"
)

// Counters are the sign-in guard's buckets where every replica sees them:
// in PostgreSQL, which several replicas share. On SQLite, which one
// process serves, it is nil, and the domain keeps them in its memory.
func (s *Store) Counters() players.Counters {
	if s.pool == nil {
		return nil
	}
	return pgCounters{s}
}

type pgCounters struct{ s *Store }

// Update: see players.Counters. The buckets' rows are made if missing and
// locked in the keys' order, so that two updates of overlapping keys, on
// any replicas, take turns and never deadlock.
func (c pgCounters) Update(ctx context.Context, keys []string, fn func([]time.Time) []time.Time) error {
	sorted := slices.Sorted(slices.Values(keys))
	return pgx.BeginFunc(ctx, c.s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO guard_buckets (key, tat) SELECT k, to_timestamp(0) FROM unnest($1::text[]) AS k ORDER BY k ON CONFLICT (key) DO NOTHING`, sorted)
		b.Queue(`SELECT key, tat FROM guard_buckets WHERE key = ANY($1) ORDER BY key FOR UPDATE`, sorted)
		br := tx.SendBatch(ctx, b)
		if _, err := br.Exec(); err != nil {
			br.Close()
			return err
		}
		rows, err := br.Query()
		if err != nil {
			br.Close()
			return err
		}
		held := make(map[string]time.Time, len(keys))
		for rows.Next() {
			var k string
			var tat time.Time
			if err := rows.Scan(&k, &tat); err != nil {
				rows.Close()
				br.Close()
				return err
			}
			held[k] = tat
		}
		rows.Close()
		if err := br.Close(); err != nil {
			return err
		}
		tats := make([]time.Time, len(keys))
		for i, k := range keys {
			tats[i] = held[k]
		}
		out := fn(tats)
		news := make([]time.Time, len(out))
		for i, t := range out {
			news[i] = t.UTC()
		}
		_, err = tx.Exec(ctx, `UPDATE guard_buckets AS g SET tat = v.tat FROM unnest($1::text[], $2::timestamptz[]) AS v(key, tat) WHERE g.key = v.key`, keys, news)
		return err
	})
}

// Prune: see players.Counters.
func (c pgCounters) Prune(ctx context.Context, before time.Time) error {
	_, err := c.s.pool.Exec(ctx, `DELETE FROM guard_buckets WHERE tat < $1`, before.UTC())
	return err
}
