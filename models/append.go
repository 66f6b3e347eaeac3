package models

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/hanabi-server/hanabi/play"
)

// A move is the whole of the store's hot path: its entry is appended under
// the (game, seq) key, with whatever goes with it (its idempotency key, the
// status of a game it ends, a seat a bot takes over), in statements that
// each change nothing unless the entry goes in. So the moves of different
// games that arrive while the database is busy share one transaction (see
// batcher), each still succeeding or failing alone; on Postgres they also
// share one round trip (a pgx batch). A batch that fails whole is tried
// again a move at a time, through the same code. (Writing the values by
// hand for the round trip, as once done, saved no measurable time over
// pgx's own.)

// batchSize bounds a batch. One batch is under way at a time, on Postgres
// too: a batch notifies, and Postgres lets one notifying transaction commit
// at a time (flush included), so a second batch under way only waited for
// the first and split the moves that would have joined it (measured: a
// tenth more CPU a move, and a slower barrier).
const batchSize = 64

// appendReq is one Append call waiting for its batch; alone, when it is
// tried again by itself after its batch failed.
type appendReq struct {
	game  string
	a     play.Append
	alone bool
}

// sameGame keeps two entries of one game out of one batch: the second needs
// the first committed (its previous entry), so it waits for the next.
func sameGame(a, b appendReq) bool { return a.game == b.game }

// stmt is one statement and its values.
type stmt struct {
	sql  string
	args []any
}

// The append's statements. The entry goes in only if its game exists and,
// past seq 0, its previous entry is there (the log has no gap), its seq is
// free, its key (when it has one) is the one it just recorded (the key's
// token is the move's own), and a seat taken over is still the leaver's; it
// never fails for any of that, so that it can share a transaction with
// others. What goes with it is written only where that very entry is
// (entryHere: the same move, stamped at the same instant), and a key
// recorded for an entry that did not go in is taken back.
//
// appendSQL[keyed + 2*takeOver] is the entry's own: each kind of entry has
// a statement of its own, which Postgres plans once. (One statement whose
// conditions its values switched off was planned again at every move: a
// tenth of a millisecond a move.)
var appendSQL = func() (qs [4]string) {
	for i := range qs {
		q := `INSERT INTO actions (game_id, seq, seat, kind, card, target, value, created_at, auto, why)
SELECT $1::varchar, $2::integer, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, $8::timestamptz, $9::boolean, $10::text
WHERE (($2::integer = 0 AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar))
		OR EXISTS (SELECT 1 FROM actions WHERE game_id = $1::varchar AND seq = $2::integer - 1))`
		leaver := "$11"
		if i&1 != 0 {
			q += "\n\tAND EXISTS (SELECT 1 FROM idempotency WHERE scope = $11::varchar AND idem_key = $12::varchar AND token = $13::varchar)"
			leaver = "$14"
		}
		if i&2 != 0 {
			q += "\n\tAND EXISTS (SELECT 1 FROM seats WHERE game_id = $1::varchar AND seat = $3::integer AND occupant = " + leaver + "::varchar AND bot = '')"
		}
		qs[i] = q + "\nON CONFLICT (game_id, seq) DO NOTHING"
	}
	return qs
}()

const (
	entryHere = `EXISTS (SELECT 1 FROM actions WHERE game_id = $1 AND seq = $2 AND seat = $3 AND kind = $4 AND card = $5
	AND target = $6 AND value = $7 AND created_at = $8)`
	keyDropSQL = `DELETE FROM idempotency WHERE scope = $9 AND idem_key = $10 AND token = $11 AND NOT ` + entryHere
	statusSQL  = `UPDATE games SET status = $9 WHERE id = $1 AND status <> $9 AND ` + entryHere
	// A seat taken over keeps who left it (every value on the right is the
	// row's before the update).
	takeOverSQL = `UPDATE seats SET bot = $9, occupant = $10, player_id = NULL, left_player = player_id,
	left_guest = (player_id IS NULL AND bot = '') WHERE game_id = $1 AND seat = $3 AND occupant = $11 AND ` + entryHere
)

// Append appends a.Entry to game gameID's log after version a.After, with
// what goes with it (see play.Store). A seq past the end of the log is
// refused as a taken one is, so the log never has a gap; an unknown game is
// play.ErrNotFound.
func (s *Store) Append(ctx context.Context, gameID string, a play.Append) error {
	switch a.Status {
	case "", play.StatusLobby, play.StatusActive, play.StatusFinished, play.StatusCancelled:
	default:
		return fmt.Errorf("models: unknown game status %q", a.Status)
	}
	if a.Entry.Seq < 0 || a.TakeOver != nil && a.TakeOver.Bot == "" {
		return play.ErrConflict
	}
	if a.Entry.At.IsZero() {
		a.Entry.At = now()
	}
	a.Entry.At = a.Entry.At.UTC()
	_, err := s.appends.do(ctx, appendReq{game: gameID, a: a})
	return err
}

// statements are the statements that make r, and where among them its key
// and its entry are.
func (r appendReq) statements(out []stmt) (_ []stmt, key, entry int) {
	e, k := r.a.Entry, r.a.Key
	here := []any{r.game, e.Seq, e.Seat, int(e.Action.Kind), e.Action.Card, e.Action.Target, e.Action.Value, e.At}
	key, kind, token := -1, 0, ""
	args := append(here[:8:8], e.Auto, e.Why)
	if k != nil {
		key, kind, token = len(out), 1, play.NewID()
		out = append(out, stmt{keySQL, []any{k.Scope, k.Key, k.Hash, k.Reply, e.At, token}})
		args = append(args, k.Scope, k.Key, token)
	}
	if r.a.TakeOver != nil {
		kind += 2
		args = append(args, r.a.Leaver)
	}
	entry = len(out)
	out = append(out, stmt{appendSQL[kind], args})
	if k != nil {
		out = append(out, stmt{keyDropSQL, append(here[:8:8], k.Scope, k.Key, token)})
	}
	if r.a.Status != "" {
		out = append(out, stmt{statusSQL, append(here[:8:8], r.a.Status)})
	}
	if t := r.a.TakeOver; t != nil {
		out = append(out, stmt{takeOverSQL, append(here[:8:8], t.Bot, t.Occupant, r.a.Leaver)})
	}
	if r.a.End != nil {
		out = endStatements(out, here, r.a.End, r.a.After+1)
	}
	if r.a.TurnOf >= 0 {
		out = append(out, stmt{turnSQL, append(here[:8:8], r.a.TurnOf, r.a.After+1)})
	}
	return out, key, entry
}

// appendBatch appends a batch of entries, of distinct games, in one
// transaction (on Postgres, one round trip), and answers each call. A
// batch that fails, or whose answer is lost after its commit, is tried again
// a move at a time through the same code (alone): each move whose entry is
// there already, its very own, was applied (the batch committed, and only
// its answer was lost: its caller must not be told it lost a race it won).
func (s *Store) appendBatch(ctx context.Context, calls []*call[appendReq, struct{}]) {
	stmts := make([]stmt, 0, 3*len(calls))
	at := make([][2]int, len(calls))
	var told []byte
	if s.listener != nil {
		told = append([]byte("/"), s.listener.take()...)
		stmts = append(stmts, stmt{}) // the notification, first: see batchNotifySQL
	}
	for i, c := range calls {
		stmts, at[i][0], at[i][1] = c.req.statements(stmts)
		if told != nil {
			told = strconv.AppendInt(append(append(append(told, ':'), c.req.game...), ':'), c.req.a.After+1, 10)
			told = append(told, ":0"...)
		}
	}
	if told != nil {
		stmts[0] = stmt{batchNotifySQL, []any{string(told)}}
	}
	changed, err := s.script(ctx, stmts)
	if err != nil && told != nil {
		s.listener.failed()
	}
	if err == nil && s.pool == nil && tellsPlayers(calls) {
		s.hearPlayer("") // SQLite: one process, no notification; Postgres's trigger tells
	}
	if err == nil && appendAnswerLost != nil && !calls[0].req.alone {
		err = appendAnswerLost()
	}
	for i, c := range calls {
		key, entry := at[i][0], at[i][1]
		switch {
		case err != nil && c.req.alone:
			c.err = err
		case err != nil:
			var mine bool
			if mine, c.err = s.ownEntry(ctx, c.req); c.err == nil && !mine {
				again := &call[appendReq, struct{}]{req: c.req}
				again.req.alone = true
				s.appendBatch(ctx, []*call[appendReq, struct{}]{again})
				c.err = again.err
			}
		case changed[entry] == 1:
		case key >= 0 && changed[key] == 0:
			c.err = play.ErrKeyTaken
		default:
			c.err = s.refused(ctx, c.req)
		}
	}
}

// tellsPlayers: whether a batch may have written player events.
func tellsPlayers(calls []*call[appendReq, struct{}]) bool {
	for _, c := range calls {
		if c.req.a.End != nil || c.req.a.TurnOf >= 0 {
			return true
		}
	}
	return false
}

// batchNotifySQL tells, in a batch's transaction, the stamp each of its
// moves leaves its game at, after the batch's barrier round as its tag: one
// notification a batch, and no row read for it (see notifyChannel and
// listener.take). A move that does not go in may be told all the same: a
// stamp told ahead of the game only has its readers ask the store. It runs
// first, so that the entry trigger, which tells any other writer's entries,
// skips the batch's (migration 0012).
const batchNotifySQL = `SELECT set_config('hanabi.told', 'on', true), pg_notify('` + notifyChannel + `', current_schema() || $1::text)`

// script runs stmts in one transaction (on Postgres one round trip, a pgx
// batch) and returns the rows each changed.
func (s *Store) script(ctx context.Context, stmts []stmt) ([]int64, error) {
	changed := make([]int64, len(stmts))
	if s.pool == nil {
		// Each statement is prepared on the writer once, before the
		// transaction takes its one connection: prepared in the
		// transaction, it would be parsed again on every call (a game's
		// end, a turn's event and a lobby change were a tenth of the
		// server's time). An error here comes again in the transaction.
		w := sqliteDB{db: s.writer, stmts: &s.writerStmts}
		for _, st := range stmts {
			_, _ = w.stmt(ctx, st.sql)
		}
		return changed, s.inTx(ctx, func(tx db) (err error) {
			for i, st := range stmts {
				if changed[i], err = tx.exec(ctx, st.sql, st.args...); err != nil {
					return err
				}
			}
			return nil
		})
	}
	// One batch is one transaction: the feeds' locks, first, are held to
	// its commit (see feedLocks).
	b := &pgx.Batch{}
	locks := feedLocks(stmts)
	for _, st := range append(locks, stmts...) {
		b.Queue(st.sql, st.args...)
	}
	res := s.pool.SendBatch(ctx, b)
	var err error
	for range locks {
		if _, err = res.Exec(); err != nil {
			return changed, errors.Join(err, res.Close())
		}
	}
	for i := 0; i < len(stmts) && err == nil; i++ {
		var tag pgconn.CommandTag
		tag, err = res.Exec()
		changed[i] = tag.RowsAffected()
	}
	return changed, errors.Join(err, res.Close())
}

// appendAnswerLost, when set (tests), fails a batch after its commit, as a
// connection reset before the answer would.
var appendAnswerLost func() error

// ownEntry tells whether the log's entry r.a.Entry.Seq is r's own: the
// same move, stamped at the same instant.
func (s *Store) ownEntry(ctx context.Context, r appendReq) (bool, error) {
	e := r.a.Entry
	var n int64
	err := s.wdb().row(ctx, "SELECT count(*) FROM actions WHERE game_id = $1 AND seq = $2 AND seat = $3 AND kind = $4 AND card = $5 AND target = $6 AND value = $7 AND created_at = $8",
		[]any{r.game, e.Seq, e.Seat, int(e.Action.Kind), e.Action.Card, e.Action.Target, e.Action.Value, e.At}, &n)
	return n == 1, err
}

// refused tells why r's entry did not go in: the game does not exist, the
// seat taken over is no longer the leaver's, or the seq was not the next
// free one.
func (s *Store) refused(ctx context.Context, r appendReq) error {
	var games, held int64
	err := s.wdb().row(ctx, "SELECT (SELECT count(*) FROM games WHERE id = $1), (SELECT count(*) FROM seats WHERE game_id = $1 AND seat = $2 AND occupant = $3 AND bot = '')",
		[]any{r.game, r.a.Entry.Seat, r.a.Leaver}, &games, &held)
	switch {
	case err != nil:
		return err
	case games == 0:
		return play.ErrNotFound
	case r.a.TakeOver != nil && held == 0:
		return play.ErrRevoked
	}
	return play.ErrConflict
}
