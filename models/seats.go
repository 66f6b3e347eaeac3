package models

import (
	"context"
	"errors"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// JoinOpts is what a join may be given besides the game and the name.
type JoinOpts struct {
	// Started gives the deadline to record when the join starts the game
	// (nil, or a nil Started: none).
	Started func(*Game) *time.Time
	// Key, when set, is recorded with the join, in its transaction.
	Key *Idempotency
}

// JoinSeat takes the lowest free seat for name, bumps the version and, when
// it was the last free seat, makes the game active and records the deadline
// opts.Started gives; all in one transaction. It returns the seat, the game
// and all its seats by number as the join left them. Errors: ErrNotFound,
// ErrGameFull, ErrNotLobby.
func (s *Store) JoinSeat(ctx context.Context, gameID, name string, opts JoinOpts) (int, *Game, []Seat, error) {
	seat, g, seats, err := s.joinTx(ctx, gameID, name, opts)
	switch {
	case errors.Is(err, ErrIdempotencyKeyTaken):
		return 0, nil, nil, err
	case errors.Is(err, gorm.ErrRecordNotFound):
		return 0, nil, nil, ErrNotFound
	case isUniqueViolation(err):
		// Only possible if a seat row was written around the row lock
		// (e.g. by an older replica); the caller may retry.
		return 0, nil, nil, ErrConflict
	case err != nil:
		return 0, nil, nil, err
	}
	s.changed(gameID)
	g.utc()
	for i := range seats {
		seats[i].CreatedAt = seats[i].CreatedAt.UTC()
	}
	return seat, g, seats, nil
}

// joined adds the new seat to the seats read under the game's lock and,
// when the join starts g, its deadline (claimSeat has moved g on).
func joined(g *Game, seats []Seat, add Seat, started func(*Game) *time.Time) []Seat {
	if g.Status == StatusActive && started != nil {
		g.Deadline = started(g)
	}
	i := 0
	for i < len(seats) && seats[i].Seat < add.Seat {
		i++
	}
	return slices.Insert(seats, i, add)
}

func seatNumbers(seats []Seat) []int {
	out := make([]int, len(seats))
	for i, st := range seats {
		out[i] = st.Seat
	}
	return out
}

// joinTx is JoinSeat's transaction, which also records the request's
// idempotency key. Joins are a handful a game: they take the plain way.
func (s *Store) joinTx(ctx context.Context, gameID, name string, opts JoinOpts) (int, *Game, []Seat, error) {
	var (
		g     Game
		seat  int
		seats []Seat
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
		if err := recordKey(tx, opts.Key); err != nil {
			return err
		}
		if err := tx.Where("game_id = ?", gameID).Order("seat").Find(&seats).Error; err != nil {
			return err
		}
		t := now()
		var err error
		if seat, err = claimSeat(&g, seatNumbers(seats), t); err != nil {
			return err
		}
		add := Seat{GameID: gameID, Seat: seat, Name: name, Occupant: NewID(), CreatedAt: t}
		if err := tx.Create(&add).Error; err != nil {
			return err
		}
		seats = joined(&g, seats, add, opts.Started)
		upd := map[string]any{"version": g.Version, "status": g.Status, "updated_at": t}
		if g.Status == StatusActive {
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
