package models

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// On Postgres the calls made for every request (is my copy of this game
// current? append this move) go to pgx directly and in batches: what
// arrives while a statement is under way goes together in the next, so
// that under load one round trip and one commit serve many moves.

// batchRunners is how many batches of one kind may be under way at once, so
// that one batch's commit overlaps the next batch's gathering; batchSize
// bounds a batch.
const (
	batchRunners = 2
	batchSize    = 64
)

// versionsPostgres reads the versions of a batch of games in one round
// trip: one pipeline of the one-row query, which Postgres plans once per
// connection (a query over an array of ids is planned again every time).
func (s *Store) versionsPostgres(ctx context.Context, calls []*call[string, int64]) {
	b := &pgx.Batch{}
	for _, c := range calls {
		b.Queue(gameVersionPostgres, c.req)
	}
	res := s.pg.SendBatch(ctx, b)
	for _, c := range calls {
		c.err = res.QueryRow().Scan(&c.res)
		if errors.Is(c.err, pgx.ErrNoRows) {
			c.err = ErrNotFound
		}
	}
	if err := res.Close(); err != nil {
		for _, c := range calls {
			if c.err == nil || c.err == ErrNotFound {
				c.err = err
			}
		}
	}
}

// appendsPostgres appends a batch of entries, of distinct games, in one
// round trip and one transaction (pgx sends them as one pipeline): each is
// appendPostgresSQL, which refuses without an error, so that one entry's
// refusal never touches the others.
func (s *Store) appendsPostgres(ctx context.Context, calls []*call[appendReq, *Appended]) {
	b := &pgx.Batch{}
	for _, c := range calls {
		a := c.req.a
		b.Queue(appendPostgresSQL, a.GameID, a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value, a.Auto, a.CreatedAt, c.req.status)
	}
	res := s.pg.SendBatch(ctx, b)
	var err error
	for _, c := range calls {
		var id string
		e := res.QueryRow().Scan(&id)
		switch {
		case e == nil:
			c.res = c.req.appended()
		case errors.Is(e, pgx.ErrNoRows):
			c.err = errNotAppended
		default:
			err = e
		}
	}
	if cerr := res.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		// Whatever failed the batch failed all of it: each entry is tried
		// alone, so that an error is only ever its own.
		for _, c := range calls {
			c.res, c.err = s.appendPostgres(ctx, c.req)
		}
		return
	}
	for _, c := range calls {
		if c.err == errNotAppended {
			c.err = s.refused(ctx, c.req.a.GameID)
		}
	}
}

// errNotAppended marks, within a batch, an entry that inserted nothing.
var errNotAppended = errors.New("append refused")

// refused tells why an append inserted nothing: the game does not exist, or
// the seq was not the next free one. Rare, so it takes gorm on either
// dialect.
func (s *Store) refused(ctx context.Context, gameID string) error {
	var n int64
	if err := s.r.WithContext(ctx).Model(&Game{}).Where("id = ?", gameID).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return ErrConflict
}

// gameColumns are the columns of a game that an append or a join returns,
// in the order gameFields scans them.
const gameColumns = "id, variant, options, seed, players, status, version, created_at, updated_at"

func gameFields(g *Game) []any {
	return []any{&g.ID, &g.Variant, &g.Options, &g.Seed, &g.Players, &g.Status, &g.Version, &g.CreatedAt, &g.UpdatedAt}
}
