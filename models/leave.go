package models

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/hanabi-server/hanabi/play"
)

// LeaveLobby frees seat of a lobby held by occupant and bumps the version;
// when no seat with a person is left, the lobby is cancelled. All in one
// transaction. Errors: play.ErrNotFound, play.ErrNotLobby (the game has
// started or ended), play.ErrRevoked (the seat is free or someone else's
// now).
func (s *Store) LeaveLobby(ctx context.Context, gameID string, seat int, occupant string) (*play.GameRow, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		q := tx
		if s.dialect == dialectPostgres {
			// Queue with joins on the game's row (see JoinSeat).
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Where("id = ?", gameID).Take(&g).Error; err != nil {
			return err
		}
		if g.Status != play.StatusLobby {
			return play.ErrNotLobby
		}
		res := tx.Where("game_id = ? AND seat = ? AND occupant = ? AND bot = ''", gameID, seat, occupant).Delete(&Seat{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return play.ErrRevoked
		}
		var people int64
		if err := tx.Model(&Seat{}).Where("game_id = ? AND bot = ''", gameID).Count(&people).Error; err != nil {
			return err
		}
		t := now()
		g.Version++
		g.UpdatedAt = t
		if people == 0 {
			g.Status = play.StatusCancelled
		}
		return tx.Model(&Game{}).Where("id = ?", gameID).Updates(map[string]any{
			"version": g.Version, "status": g.Status, "updated_at": t,
		}).Error
	})
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, play.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	s.changed(gameID)
	return g.row(), nil
}

// TakeOver appends log entry e of game gameID (a seat leaving), hands seat
// e.Seat to the bot strategy bot under a new occupant, and bumps the
// version, in one transaction: the entry's (game, seq) key decides races as
// for any action (play.ErrConflict), and the seat must still be held by
// occupant (play.ErrRevoked).
func (s *Store) TakeOver(ctx context.Context, gameID string, e play.Entry, occupant, bot string) (*play.GameRow, error) {
	if e.Seq < 0 || bot == "" {
		return nil, fmt.Errorf("models: take over needs a seq and a bot")
	}
	a := actionOf(gameID, e)
	if a.CreatedAt.IsZero() {
		a.CreatedAt = now()
	}
	g, err := s.appendTx(ctx, a, "", nil, func(tx *gorm.DB) error {
		res := tx.Model(&Seat{}).Where("game_id = ? AND seat = ? AND occupant = ? AND bot = ''", a.GameID, a.Seat, occupant).
			Updates(map[string]any{"bot": bot, "occupant": play.NewID()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return play.ErrRevoked
		}
		return nil
	})
	switch {
	case err == nil:
	case errors.Is(err, play.ErrConflict), isUniqueViolation(err):
		return nil, play.ErrConflict
	case errors.Is(err, play.ErrRevoked):
		return nil, play.ErrRevoked
	case errors.Is(err, gorm.ErrRecordNotFound), isForeignKeyViolation(err):
		return nil, play.ErrNotFound
	default:
		return nil, err
	}
	s.changed(a.GameID)
	return g.row(), nil
}
