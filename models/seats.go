package models

import (
	"context"
	"errors"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/hanabi-server/hanabi/play"
)

// JoinSeat takes the lowest free seat for name, bumps the version and, when
// it was the last free seat, makes the game active and records the deadline
// opts.Started gives; all in one transaction. It returns the seat, the game
// and all its seats by number as the join left them. Errors:
// play.ErrNotFound, play.ErrGameFull, play.ErrNotLobby.
func (s *Store) JoinSeat(ctx context.Context, gameID, name string, opts play.JoinOpts) (int, *play.GameRow, []play.Seat, error) {
	seat, g, seats, err := s.joinTx(ctx, gameID, name, opts)
	switch {
	case errors.Is(err, play.ErrKeyTaken):
		return 0, nil, nil, err
	case errors.Is(err, gorm.ErrRecordNotFound):
		return 0, nil, nil, play.ErrNotFound
	case isUniqueViolation(err):
		// Only possible if a seat row was written around the row lock
		// (e.g. by an older replica); the caller may retry.
		return 0, nil, nil, play.ErrConflict
	case err != nil:
		return 0, nil, nil, err
	}
	s.changed(gameID)
	return seat, g.row(), seats, nil
}

// joined adds the new seat to the seats read under the game's lock and,
// when the join starts g, its deadline (claimSeat has moved g on).
func joined(g *Game, seats []play.Seat, add play.Seat, started func(*play.GameRow) *time.Time) []play.Seat {
	if g.Status == play.StatusActive && started != nil {
		g.Deadline = started(g.row())
	}
	i := 0
	for i < len(seats) && seats[i].Seat < add.Seat {
		i++
	}
	return slices.Insert(seats, i, add)
}

func seatNumbers(seats []play.Seat) []int {
	out := make([]int, len(seats))
	for i, st := range seats {
		out[i] = st.Seat
	}
	return out
}

// joinTx is JoinSeat's transaction, which also records the request's
// idempotency key. Joins are a handful a game: they take the plain way.
func (s *Store) joinTx(ctx context.Context, gameID, name string, opts play.JoinOpts) (int, *Game, []play.Seat, error) {
	var (
		g     Game
		seat  int
		seats []play.Seat
	)
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		q := tx
		if s.dialect == dialectPostgres {
			// Joins for one game queue on the game's row; SQLite's
			// immediate transaction already serializes every writer.
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Where("id = ?", gameID).Take(&g).Error; err != nil {
			return err
		}
		if err := tx.Model(&Seat{}).Where("game_id = ?", gameID).Order("seat").Find(&seats).Error; err != nil {
			return err
		}
		t := now()
		var err error
		if seat, err = claimSeat(&g, seatNumbers(seats), t); err != nil {
			return err
		}
		add := play.Seat{Seat: seat, Name: name, Occupant: play.NewID()}
		if err := tx.Create(&Seat{GameID: gameID, Seat: seat, Name: name, Occupant: add.Occupant, CreatedAt: t}).Error; err != nil {
			return err
		}
		seats = joined(&g, seats, add, opts.Started)
		key := opts.Key
		if opts.Answered != nil {
			if key, err = opts.Answered(g.row(), seats, seat); err != nil {
				return err
			}
		}
		if err := recordKey(tx, key); err != nil {
			return err
		}
		upd := map[string]any{"version": g.Version, "status": g.Status, "updated_at": t}
		if g.Status == play.StatusActive {
			upd["deadline"] = g.Deadline
		}
		return tx.Model(&Game{}).Where("id = ?", gameID).Updates(upd).Error
	})
	return seat, &g, seats, err
}

// claimSeat picks the seat a joiner gets in g, whose seats taken are given
// sorted, and moves g on as the join stores it at time t: a new version,
// and the start when that was the last free seat.
func claimSeat(g *Game, taken []int, t time.Time) (int, error) {
	if g.Status != play.StatusLobby {
		return 0, play.ErrNotLobby
	}
	seat := lowestFree(taken)
	if seat >= g.Players {
		return 0, play.ErrGameFull
	}
	g.Version++
	g.UpdatedAt = t
	if len(taken)+1 >= g.Players {
		g.Status = play.StatusActive
	}
	return seat, nil
}

// lowestFree returns the smallest seat number not in taken (sorted).
func lowestFree(taken []int) int {
	seat := 0
	for _, t := range taken {
		if t == seat {
			seat++
		} else if t > seat {
			break
		}
	}
	return seat
}
