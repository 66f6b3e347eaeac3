package models

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// On Postgres, creating a game and taking a seat go to pgx directly, their
// statements pipelined: a game and its seats are written in one round trip
// (a batch is one implicit transaction), a join in two (read under the
// game's row lock, then write and commit), where each statement of a gorm
// transaction is a round trip of its own. Requests with an idempotency key
// take gorm's transaction, which records the key with the change.

func (s *Store) createPostgres(ctx context.Context, g *Game, seats []Seat) error {
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO games (id, variant, options, seed, players, status, version, created_at, updated_at, deadline)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		g.ID, g.Variant, g.Options, g.Seed, g.Players, g.Status, g.Version, g.CreatedAt, g.UpdatedAt, g.Deadline)
	for _, st := range seats {
		b.Queue(`INSERT INTO seats (game_id, seat, name, bot, occupant, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			st.GameID, st.Seat, st.Name, st.Bot, st.Occupant, st.CreatedAt)
	}
	return s.pg.SendBatch(ctx, b).Close()
}

func (s *Store) joinPostgres(ctx context.Context, gameID, name string) (int, *Game, error) {
	conn, err := s.pg.Acquire(ctx)
	if err != nil {
		return 0, nil, err
	}
	defer conn.Release()
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	// Joins for one game queue on the game's row.
	b.Queue("SELECT "+gameColumns+" FROM games WHERE id = $1 FOR UPDATE", gameID)
	b.Queue("SELECT seat FROM seats WHERE game_id = $1 ORDER BY seat", gameID)
	res := conn.SendBatch(ctx, b)
	var (
		g     Game
		taken []int
		seat  int
	)
	_, err = res.Exec()
	if err == nil {
		err = res.QueryRow().Scan(gameFields(&g)...)
	}
	if err == nil {
		var rows pgx.Rows
		if rows, err = res.Query(); err == nil {
			taken, err = pgx.CollectRows(rows, pgx.RowTo[int])
		}
	}
	if cerr := res.Close(); err == nil {
		err = cerr
	}
	t := now()
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	} else if err == nil {
		seat, err = claimSeat(&g, taken, t)
	}
	if err != nil {
		// Nothing was written; the connection goes back clean.
		_, _ = conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
		return 0, nil, err
	}
	b = &pgx.Batch{}
	b.Queue(`INSERT INTO seats (game_id, seat, name, bot, occupant, created_at) VALUES ($1, $2, $3, '', $4, $5)`,
		gameID, seat, name, NewID(), t)
	b.Queue("UPDATE games SET version = $2, status = $3, updated_at = $4 WHERE id = $1", gameID, g.Version, g.Status, t)
	b.Queue("COMMIT")
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		_, _ = conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
		return 0, nil, err
	}
	return seat, &g, nil
}
