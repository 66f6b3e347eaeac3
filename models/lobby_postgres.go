package models

import (
	"context"
	"errors"
	"slices"
	"time"

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

func (s *Store) joinPostgres(ctx context.Context, gameID, name string, started func(*Game) *time.Time) (int, *Game, []Seat, error) {
	conn, err := s.pg.Acquire(ctx)
	if err != nil {
		return 0, nil, nil, err
	}
	defer conn.Release()
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	// Joins for one game queue on the game's row.
	b.Queue("SELECT "+gameColumns+" FROM games WHERE id = $1 FOR UPDATE", gameID)
	b.Queue("SELECT seat, name, bot, occupant, created_at FROM seats WHERE game_id = $1 ORDER BY seat", gameID)
	res := conn.SendBatch(ctx, b)
	var (
		g     Game
		seats []Seat
		seat  int
	)
	_, err = res.Exec()
	if err == nil {
		err = res.QueryRow().Scan(gameFields(&g)...)
	}
	if err == nil {
		var rows pgx.Rows
		if rows, err = res.Query(); err == nil {
			seats, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Seat, error) {
				st := Seat{GameID: gameID}
				err := r.Scan(&st.Seat, &st.Name, &st.Bot, &st.Occupant, &st.CreatedAt)
				return st, err
			})
		}
	}
	if cerr := res.Close(); err == nil {
		err = cerr
	}
	t := now()
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	} else if err == nil {
		seat, err = claimSeat(&g, seatNumbers(seats), t)
	}
	if err != nil {
		// Nothing was written; the connection goes back clean.
		_, _ = conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
		return 0, nil, nil, err
	}
	add := Seat{GameID: gameID, Seat: seat, Name: name, Occupant: NewID(), CreatedAt: t}
	seats = joined(&g, seats, add, started)
	b = &pgx.Batch{}
	b.Queue(`INSERT INTO seats (game_id, seat, name, bot, occupant, created_at) VALUES ($1, $2, $3, '', $4, $5)`,
		gameID, seat, name, add.Occupant, t)
	b.Queue(`UPDATE games SET version = $2, status = $3, updated_at = $4, `+joinDeadline+` WHERE id = $1`,
		gameID, g.Version, g.Status, t, g.Deadline)
	b.Queue("COMMIT")
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		_, _ = conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
		return 0, nil, nil, err
	}
	return seat, &g, seats, nil
}

// joinDeadline records, in a join's update of the game ($3 its status, $5
// the deadline), the deadline of the game that it starts.
const joinDeadline = `deadline = CASE WHEN $3::varchar = 'active' THEN $5::timestamptz ELSE deadline END`

// joinKnownSQL takes the seat claimed from what the caller knew, if the
// lobby is still at that version (every change to its seats bumps it), and
// returns the game as it then is.
const joinKnownSQL = `
WITH upd AS (
	UPDATE games SET version = $2, status = $3, updated_at = $4, ` + joinDeadline + `
	WHERE id = $1 AND version = $6 AND status = 'lobby'
	RETURNING ` + gameColumns + `
), ins AS (
	INSERT INTO seats (game_id, seat, name, bot, occupant, created_at)
	SELECT id, $7, $8, '', $9, $4 FROM upd
	RETURNING seat
)
SELECT upd.* FROM upd, ins`

// joinKnown joins from opts.Known in one statement. done is false, and
// nothing was written, when the lobby is not as known (or the knowledge
// says it is full or started): the caller then joins the long way, which
// also tells those refusals for sure.
func (s *Store) joinKnown(ctx context.Context, gameID, name string, opts JoinOpts) (seat int, g *Game, seats []Seat, done bool, err error) {
	k := opts.Known
	claim := k.Game
	before := claim.Version
	t := now()
	if seat, err = claimSeat(&claim, seatNumbers(k.Seats), t); err != nil {
		return 0, nil, nil, false, nil
	}
	add := Seat{GameID: gameID, Seat: seat, Name: name, Occupant: NewID(), CreatedAt: t}
	seats = joined(&claim, slices.Clone(k.Seats), add, opts.Started)
	var got Game
	err = s.pg.QueryRow(ctx, joinKnownSQL, gameID, claim.Version, claim.Status, t, claim.Deadline, before, seat, name, add.Occupant).
		Scan(gameFields(&got)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil, nil, false, nil
	}
	if err != nil {
		return 0, nil, nil, false, err
	}
	got.Deadline = claim.Deadline
	s.knownJoins.Add(1)
	return seat, &got, seats, true, nil
}
