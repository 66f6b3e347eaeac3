package models

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

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
	s.announce(a.GameID, play.Stamp{Version: g.Version})
	return g.row(), nil
}
