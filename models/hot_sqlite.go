package models

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hanabi-server/hanabi/play"
)

// On SQLite every write goes through one connection, so moves queue there
// anyway: the moves that arrive while one transaction is under way commit
// together in the next, one BEGIN and one COMMIT for all of them.

// appendSQLiteInsert inserts an entry when its game exists and its previous
// entry is there (seq 0 needs none) and its seq is free; it inserts nothing
// otherwise and never fails for that, so that one refused entry leaves the
// rest of its transaction alone.
const appendSQLiteInsert = `INSERT INTO actions (game_id, seq, seat, kind, card, target, value, auto, created_at)
SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?
WHERE (? = 0 AND EXISTS (SELECT 1 FROM games WHERE id = ?))
	OR EXISTS (SELECT 1 FROM actions WHERE game_id = ? AND seq = ? - 1)
ON CONFLICT (game_id, seq) DO NOTHING`

// A move writes nothing but its entry (see Game.Version): the game's row
// changes only when the move ends the game.
const appendSQLiteStatus = `UPDATE games SET status = ? WHERE id = ? AND status <> ?`

// appendSQLiteKey records a move's idempotency key, with its answer when
// the move rendered it first; nothing when the key is taken.
const appendSQLiteKey = `INSERT INTO idempotency (scope, idem_key, hash, body, created_at)
VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`

// sqliteStmts are the append's statements, prepared once on the database
// handle. A statement prepared inside a transaction (as gorm does when it
// first meets one there) is parsed again in every later transaction; one
// prepared on the handle is kept by each connection and only bound anew.
type sqliteStmts struct{ insert, status, key *sql.Stmt }

func prepareSQLite(ctx context.Context, db *sql.DB) (*sqliteStmts, error) {
	var st sqliteStmts
	var err error
	for _, p := range []struct {
		to  **sql.Stmt
		sql string
	}{{&st.insert, appendSQLiteInsert}, {&st.status, appendSQLiteStatus}, {&st.key, appendSQLiteKey}} {
		if *p.to, err = db.PrepareContext(ctx, p.sql); err != nil {
			return nil, err
		}
	}
	return &st, nil
}

func (st *sqliteStmts) close() {
	for _, s := range []*sql.Stmt{st.insert, st.status, st.key} {
		if s != nil {
			s.Close()
		}
	}
}

func (s *Store) appendsSQLite(ctx context.Context, calls []*call[appendReq, *play.Appended]) {
	err := s.appendsSQLiteTx(ctx, calls)
	if err != nil {
		// The transaction is gone: each entry is tried alone, so that an
		// error is only ever its own.
		for _, c := range calls {
			c.res, c.err = s.appendAlone(ctx, c.req)
		}
		return
	}
	for _, c := range calls {
		if errors.Is(c.err, errNotAppended) {
			c.err = s.refused(ctx, c.req.a.GameID)
		}
	}
}

// affected is the rows an Exec changed.
func affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (s *Store) appendsSQLiteTx(ctx context.Context, calls []*call[appendReq, *play.Appended]) error {
	db, err := s.w.DB()
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ins, setStatus := tx.StmtContext(ctx, s.sqlite.insert), tx.StmtContext(ctx, s.sqlite.status)
	var key *sql.Stmt
	for _, c := range calls {
		a, k := c.req.a, c.req.key
		if k != nil {
			// The key and its move go in together or not at all: a
			// savepoint takes the key back when the move does not go in.
			if key == nil {
				key = tx.StmtContext(ctx, s.sqlite.key)
			}
			if _, err := tx.ExecContext(ctx, "SAVEPOINT keyed"); err != nil {
				return err
			}
			if n, err := affected(key.ExecContext(ctx, k.Scope, k.Key, k.Hash, k.Reply, a.CreatedAt)); err != nil {
				return err
			} else if n == 0 {
				c.res, c.err = nil, play.ErrKeyTaken
				if _, err := tx.ExecContext(ctx, "RELEASE keyed"); err != nil {
					return err
				}
				continue
			}
		}
		n, err := affected(ins.ExecContext(ctx, a.GameID, a.Seq, a.Seat, a.Kind, a.Card, a.Target, a.Value, a.Auto, a.CreatedAt,
			a.Seq, a.GameID, a.GameID, a.Seq))
		if err != nil {
			return err
		}
		if k != nil {
			end := "RELEASE keyed"
			if n == 0 {
				end = "ROLLBACK TO keyed; RELEASE keyed"
			}
			if _, err := tx.ExecContext(ctx, end); err != nil {
				return err
			}
		}
		if n == 0 {
			c.res, c.err = nil, errNotAppended
			continue
		}
		if c.req.status != "" {
			if _, err := setStatus.ExecContext(ctx, c.req.status, a.GameID, c.req.status); err != nil {
				return err
			}
		}
		c.res, c.err = c.req.appended(), nil
	}
	return tx.Commit()
}
