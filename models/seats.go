package models

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// JoinSeat takes the lowest free seat for name, bumps the version and, when
// it was the last free seat, makes the game active; all in one transaction.
// Errors: ErrNotFound, ErrGameFull, ErrNotLobby.
func (s *Store) JoinSeat(ctx context.Context, gameID, name string) (int, *Game, error) {
	var (
		seat int
		g    *Game
		err  error
	)
	if s.pg != nil && idempotencyOf(ctx) == nil {
		seat, g, err = s.joinPostgres(ctx, gameID, name)
	} else {
		seat, g, err = s.joinTx(ctx, gameID, name)
	}
	switch {
	case errors.Is(err, ErrIdempotencyKeyTaken):
		return 0, nil, err
	case errors.Is(err, gorm.ErrRecordNotFound):
		return 0, nil, ErrNotFound
	case isUniqueViolation(err):
		// Only possible if a seat row was written around the row lock
		// (e.g. by an older replica); the caller may retry.
		return 0, nil, ErrConflict
	case err != nil:
		return 0, nil, err
	}
	s.changed(gameID, g.Version)
	g.utc()
	return seat, g, nil
}

// joinTx is JoinSeat in a gorm transaction, which also records the
// request's idempotency key.
func (s *Store) joinTx(ctx context.Context, gameID, name string) (int, *Game, error) {
	var (
		g    Game
		seat int
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
		if err := recordIdempotency(ctx, tx); err != nil {
			return err
		}
		var taken []int
		if err := tx.Model(&Seat{}).Where("game_id = ?", gameID).Order("seat").Pluck("seat", &taken).Error; err != nil {
			return err
		}
		t := now()
		var err error
		if seat, err = claimSeat(&g, taken, t); err != nil {
			return err
		}
		if err := tx.Create(&Seat{GameID: gameID, Seat: seat, Name: name, Occupant: NewID(), CreatedAt: t}).Error; err != nil {
			return err
		}
		return tx.Model(&Game{}).Where("id = ?", gameID).Updates(map[string]any{
			"version": g.Version, "status": g.Status, "updated_at": t,
		}).Error
	})
	return seat, &g, err
}

// claimSeat picks the seat a joiner gets in g, whose seats taken are given
// sorted, and moves g on as the join stores it at time t: a new version,
// and the start when that was the last free seat.
func claimSeat(g *Game, taken []int, t time.Time) (int, error) {
	if g.Status != StatusLobby {
		return 0, ErrNotLobby
	}
	seat := lowestFree(taken)
	if seat >= g.Players {
		return 0, ErrGameFull
	}
	g.Version++
	g.UpdatedAt = t
	if len(taken)+1 >= g.Players {
		g.Status = StatusActive
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
