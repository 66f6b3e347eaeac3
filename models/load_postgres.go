package models

import (
	"context"
	"database/sql"

	"github.com/hanabi-server/hanabi/play"
)

// loadPostgresSQL reads a game, its seats and its log in one statement:
// one round trip, and one snapshot even at READ COMMITTED, where three
// queries would need a REPEATABLE READ transaction (five round trips) to
// agree with each other. The rows share one shape; k says which table a
// row comes from.
const loadPostgresSQL = `
SELECT 0 AS k, id AS s1, variant AS s2, options AS s3, seed AS s4, status AS s5, join_secret AS s6,
	players::bigint AS i1, version AS i2, unlisted::int::bigint AS i3, notes_rev AS i4, 0::bigint AS i5, 0::bigint AS i6,
	created_at AS t1, updated_at AS t2
FROM games WHERE id = $1
UNION ALL
SELECT 1, '', name, bot, occupant, '', '', seat, 0, 0, 0, 0, 0, created_at, created_at
FROM seats WHERE game_id = $1
UNION ALL
SELECT 2, '', CASE WHEN auto THEN 'auto' ELSE '' END, '', '', '', '', seq, seat, kind, card, target, value, created_at, created_at
FROM actions WHERE game_id = $1
ORDER BY k, i1`

func (s *Store) loadPostgres(ctx context.Context, id string) (*Game, []play.Seat, []Action, error) {
	db, err := s.r.DB()
	if err != nil {
		return nil, nil, nil, err
	}
	rows, err := db.QueryContext(ctx, loadPostgresSQL, id)
	if err != nil {
		return nil, nil, nil, err
	}
	defer rows.Close()
	var (
		g       *Game
		seats   []play.Seat
		actions []Action
	)
	for rows.Next() {
		var (
			k                      int
			s1, s2, s3, s4, s5, s6 string
			i1, i2, i3, i4, i5, i6 int64
			t1, t2                 sql.NullTime
		)
		if err := rows.Scan(&k, &s1, &s2, &s3, &s4, &s5, &s6, &i1, &i2, &i3, &i4, &i5, &i6, &t1, &t2); err != nil {
			return nil, nil, nil, err
		}
		switch k {
		case 0:
			g = &Game{ID: s1, Variant: s2, Options: s3, Seed: s4, Status: s5, Players: int(i1), Version: i2,
				CreatedAt: t1.Time, UpdatedAt: t2.Time, Unlisted: i3 != 0, JoinSecret: s6, NotesRev: i4}
		case 1:
			seats = append(seats, play.Seat{Seat: int(i1), Name: s2, Bot: s3, Occupant: s4})
		case 2:
			actions = append(actions, Action{GameID: id, Seq: int(i1), Seat: int(i2), Kind: int(i3),
				Card: int(i4), Target: int(i5), Value: int(i6), Auto: s2 == "auto", CreatedAt: t1.Time})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, nil, err
	}
	if g == nil {
		return nil, nil, nil, play.ErrNotFound
	}
	return g, seats, actions, nil
}
