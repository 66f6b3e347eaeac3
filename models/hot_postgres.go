package models

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
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
// round trip and one transaction (one pipeline): each is appendPostgresSQL,
// which refuses without an error, so that one entry's refusal never touches
// the others.
func (s *Store) appendsPostgres(ctx context.Context, calls []*call[appendReq, *Appended]) {
	err := s.appendPipeline(ctx, calls)
	if err == nil && appendAnswerLost != nil {
		err = appendAnswerLost()
	}
	if err != nil {
		// Whatever failed the batch failed all of it, or only its answer
		// (see appendPostgres): each entry is tried alone, so that an error
		// is only ever its own.
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

// appendAnswerLost, when set (tests), fails a batch after its commit, as a
// connection reset before the answer would.
var appendAnswerLost func() error

// The names of appendPostgresSQL and appendEndPostgresSQL prepared on a
// connection.
const (
	appendStatement    = "hanabi_append"
	appendEndStatement = "hanabi_append_end"
)

// appendPipeline sends the batch as a pipeline of the prepared statement,
// its values written by hand and its answers read raw: every move passes
// here, and pgx's general encoding and scanning of values cost more than
// the round trip the batch shares.
func (s *Store) appendPipeline(ctx context.Context, calls []*call[appendReq, *Appended]) error {
	conn, err := s.pg.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	move, err := conn.Conn().Prepare(ctx, appendStatement, appendPostgresSQL)
	if err != nil {
		return err
	}
	var end *pgconn.StatementDescription
	for _, c := range calls {
		if c.req.status != "" {
			if end, err = conn.Conn().Prepare(ctx, appendEndStatement, appendEndPostgresSQL); err != nil {
				return err
			}
			break
		}
	}
	p := conn.Conn().PgConn().StartPipeline(ctx)
	values := make([]byte, 0, 96*len(calls))
	for _, c := range calls {
		var params [10][]byte
		values = appendParams(values, params[:], c.req)
		if c.req.status == "" {
			p.SendQueryStatement(move, params[:9], appendFormats[:9], nil)
		} else {
			p.SendQueryStatement(end, params[:], appendFormats, nil)
		}
	}
	if err := p.Sync(); err != nil {
		p.Close()
		return err
	}
	for _, c := range calls {
		res, err := p.GetResults()
		if err != nil {
			p.Close()
			return err
		}
		rr, ok := res.(*pgconn.ResultReader)
		if !ok {
			p.Close()
			return fmt.Errorf("append pipeline: unexpected %T", res)
		}
		inserted := rr.NextRow()
		if _, err := rr.Close(); err != nil {
			p.Close()
			return err
		}
		if inserted {
			c.res, c.err = c.req.appended(), nil
		} else {
			c.res, c.err = nil, errNotAppended
		}
	}
	return p.Close()
}

// appendParams writes r's values as Postgres reads them at the end of
// values, in appendFormats, and points params at them. A slice that grows
// moves to a new array; the values written before stay where they are.
func appendParams(values []byte, params [][]byte, r appendReq) []byte {
	a := r.a
	start := len(values)
	ends := [10]int{}
	values = append(values, a.GameID...)
	ends[0] = len(values)
	for i, n := range [6]int{a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value} {
		values = binary.BigEndian.AppendUint32(values, uint32(int32(n)))
		ends[1+i] = len(values)
	}
	auto := byte(0)
	if a.Auto {
		auto = 1
	}
	values = append(values, auto)
	ends[7] = len(values)
	values = binary.BigEndian.AppendUint64(values, uint64(a.CreatedAt.Sub(postgresEpoch).Microseconds()))
	ends[8] = len(values)
	values = append(values, r.status...)
	ends[9] = len(values)
	for i, end := range ends {
		params[i] = values[start:end:end]
		start = end
	}
	return values
}

// appendFormats are the formats of appendParams' values: the ids as text,
// the numbers, the flag and the time in Postgres's binary forms, which it
// reads faster than their text.
var appendFormats = []int16{0, 1, 1, 1, 1, 1, 1, 1, 1, 0}

// postgresEpoch is where Postgres's binary timestamps count from.
var postgresEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

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

// ownEntry tells whether the log's entry a.Seq is a itself: the same move,
// stamped at the same instant. An append tried again after its answer was
// lost (a connection reset after the commit) may meet its own entry, and
// then the move is applied: its caller must not be told it lost a race.
func (s *Store) ownEntry(ctx context.Context, a Action) (bool, error) {
	var got []Action
	if err := s.r.WithContext(ctx).Where("game_id = ? AND seq = ?", a.GameID, a.Seq).Limit(1).Find(&got).Error; err != nil {
		return false, err
	}
	return len(got) == 1 && got[0].Seat == a.Seat && got[0].Kind == a.Kind && got[0].Card == a.Card &&
		got[0].Target == a.Target && got[0].Value == a.Value && got[0].Auto == a.Auto &&
		got[0].CreatedAt.Truncate(time.Millisecond).Equal(a.CreatedAt.Truncate(time.Millisecond)), nil
}
