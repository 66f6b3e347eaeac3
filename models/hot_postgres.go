package models

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/hanabi-server/hanabi/play"
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
func (s *Store) versionsPostgres(ctx context.Context, calls []*call[string, play.Stamp]) {
	b := &pgx.Batch{}
	for _, c := range calls {
		b.Queue(gameVersionPostgres, c.req)
	}
	res := s.pg.SendBatch(ctx, b)
	for _, c := range calls {
		c.err = res.QueryRow().Scan(&c.res.Version, &c.res.NotesRev)
		if errors.Is(c.err, pgx.ErrNoRows) {
			c.err = play.ErrNotFound
		}
	}
	if err := res.Close(); err != nil {
		for _, c := range calls {
			if c.err == nil || c.err == play.ErrNotFound {
				c.err = err
			}
		}
	}
}

// appendsPostgres appends a batch of entries, of distinct games, in one
// round trip and one transaction (one pipeline): each is appendPostgresSQL,
// which refuses without an error, so that one entry's refusal never touches
// the others.
func (s *Store) appendsPostgres(ctx context.Context, calls []*call[appendReq, *play.Appended]) {
	err := s.appendPipeline(ctx, calls)
	if err == nil && appendAnswerLost != nil {
		err = appendAnswerLost()
	}
	if err != nil {
		// Whatever failed the batch failed all of it, or only its answer
		// (see appendAgain): each entry is tried alone, so that an error is
		// only ever its own.
		for _, c := range calls {
			c.res, c.err = s.appendAgain(ctx, c.req)
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

// The append pipeline's statements, by the names they are prepared under on
// a connection.
var pipelineStatements = map[string]string{
	"hanabi_append":           appendPostgresSQL,
	"hanabi_append_end":       appendEndPostgresSQL,
	"hanabi_key":              keyPostgresSQL,
	"hanabi_append_keyed":     appendKeyedPostgresSQL,
	"hanabi_append_end_keyed": appendEndKeyedPostgresSQL,
	"hanabi_key_drop":         keyDropPostgresSQL,
}

// appendPipeline sends the batch as a pipeline of prepared statements, its
// values written by hand and its answers read raw: every move passes here,
// and pgx's general encoding and scanning of values cost more than the
// round trip the batch shares. A keyed move takes three statements (see
// keyPostgresSQL).
func (s *Store) appendPipeline(ctx context.Context, calls []*call[appendReq, *play.Appended]) error {
	conn, err := s.pg.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	// Statements are prepared before the pipeline starts (Prepare is a
	// round trip of its own, once per connection and name).
	prepared := map[string]*pgconn.StatementDescription{}
	for _, c := range calls {
		names, n := c.req.statements()
		for _, name := range names[:n] {
			if prepared[name] == nil {
				if prepared[name], err = conn.Conn().Prepare(ctx, name, pipelineStatements[name]); err != nil {
					return err
				}
			}
		}
	}
	p := conn.Conn().PgConn().StartPipeline(ctx)
	values := make([]byte, 0, 160*len(calls))
	for _, c := range calls {
		r := c.req
		var params [12][]byte
		values = appendParams(values, params[:], r)
		n := 9
		if r.status != "" {
			n = 10
		}
		formats := appendFormats[:n]
		names, _ := r.statements()
		if r.key == nil {
			p.SendQueryStatement(prepared[names[0]], params[:n], formats, nil)
			continue
		}
		var kp [5][]byte
		values = appendKeyParams(values, kp[:], r)
		p.SendQueryStatement(prepared[names[0]], kp[:], keyFormats[:], nil)
		params[n], params[n+1] = kp[0], kp[1]
		p.SendQueryStatement(prepared[names[1]], params[:n+2], append(formats[:n:n], 0, 0), nil)
		p.SendQueryStatement(prepared[names[2]], [][]byte{kp[0], kp[1], kp[3], params[0], params[1]}, keyDropFormats[:], nil)
	}
	if err := p.Sync(); err != nil {
		p.Close()
		return err
	}
	next := func() (bool, error) {
		res, err := p.GetResults()
		if err != nil {
			return false, err
		}
		rr, ok := res.(*pgconn.ResultReader)
		if !ok {
			return false, fmt.Errorf("append pipeline: unexpected %T", res)
		}
		row := rr.NextRow()
		_, err = rr.Close()
		return row, err
	}
	for _, c := range calls {
		var keyed, inserted bool
		var err error
		if c.req.key == nil {
			keyed = true
			inserted, err = next()
		} else if keyed, err = next(); err == nil {
			if inserted, err = next(); err == nil {
				_, err = next()
			}
		}
		if err != nil {
			p.Close()
			return err
		}
		switch {
		case inserted:
			c.res, c.err = c.req.appended(), nil
		case !keyed:
			c.res, c.err = nil, play.ErrKeyTaken
		default:
			c.res, c.err = nil, errNotAppended
		}
	}
	return p.Close()
}

// statements names the n pipeline statements that append r, in order.
func (r appendReq) statements() (names [3]string, n int) {
	switch {
	case r.key == nil && r.status == "":
		return [3]string{"hanabi_append"}, 1
	case r.key == nil:
		return [3]string{"hanabi_append_end"}, 1
	case r.status == "":
		return [3]string{"hanabi_key", "hanabi_append_keyed", "hanabi_key_drop"}, 3
	}
	return [3]string{"hanabi_key", "hanabi_append_end_keyed", "hanabi_key_drop"}, 3
}

// appendKeyParams writes the values of r's key statements at the end of
// values and points params at them: scope, key, hash, the move's stamp, and
// the answer (NULL when there is none yet).
func appendKeyParams(values []byte, params [][]byte, r appendReq) []byte {
	start := len(values)
	var ends [5]int
	values = append(values, r.key.Scope...)
	ends[0] = len(values)
	values = append(values, r.key.Key...)
	ends[1] = len(values)
	values = append(values, r.key.Hash...)
	ends[2] = len(values)
	values = binary.BigEndian.AppendUint64(values, uint64(r.a.CreatedAt.Sub(postgresEpoch).Microseconds()))
	ends[3] = len(values)
	values = append(values, r.key.Reply...)
	ends[4] = len(values)
	for i, end := range ends {
		params[i] = values[start:end:end]
		start = end
	}
	if r.key.Reply == nil {
		params[4] = nil
	}
	return values
}

// The formats of the key statements' values: text, but the stamp and the
// answer binary.
var (
	keyFormats     = [5]int16{0, 0, 0, 1, 1}
	keyDropFormats = [5]int16{0, 0, 1, 0, 1}
)

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
		return play.ErrNotFound
	}
	return play.ErrConflict
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
