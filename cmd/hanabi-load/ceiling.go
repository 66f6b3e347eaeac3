package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// insertCeiling measures what the database itself can take of the server's
// write: single-row inserts under a (game, seq) key, one transaction each,
// from as many connections as there are games, pgbench-style. The ratio of
// the server's actions/s to this is the figure the throughput aim is set in.
// It works on a table of its own, dropped afterwards.
func insertCeiling(ctx context.Context, dbURL string, workers int, d time.Duration) (float64, error) {
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		return 0, err
	}
	defer pool.Close()
	table, drop, err := scratchTable(ctx, pool, "hanabi_load_ceiling_")
	if err != nil {
		return 0, err
	}
	defer drop()
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var n atomic.Int64
	var wg sync.WaitGroup
	var firstErr error
	var once sync.Once
	start := time.Now()
	for w := range workers {
		wg.Go(func() {
			game := fmt.Sprintf("g%d", w)
			for seq := 0; ctx.Err() == nil; seq++ {
				if _, err := pool.Exec(ctx, "INSERT INTO "+table+" VALUES ($1, $2, $3, $4)", game, seq, seq%2, 1); err != nil {
					if ctx.Err() == nil {
						once.Do(func() { firstErr = err })
					}
					return
				}
				n.Add(1)
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	return float64(n.Load()) / time.Since(start).Seconds(), nil
}

// execer is what scratchTable needs of a pool or a connection.
type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// scratchTable creates a table of the log's shape, (game, seq) key and all,
// under a fresh name, and returns its name and what drops it.
func scratchTable(ctx context.Context, db execer, prefix string) (string, func(), error) {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	table := prefix + hex.EncodeToString(b)
	if _, err := db.Exec(ctx, "CREATE TABLE "+table+" (game_id varchar(40), seq integer, seat integer, kind integer, PRIMARY KEY (game_id, seq))"); err != nil {
		return "", nil, err
	}
	return table, func() { _, _ = db.Exec(context.WithoutCancel(ctx), "DROP TABLE "+table) }, nil
}
