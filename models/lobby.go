package models

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

// ChangeLobby makes c to the lobby gameID while it is still at version
// after (see play.Store): the game's row is the guard, as a log entry's seq
// is a move's, so that of two changes decided on one version (on two
// replicas) one wins and the other is play.ErrConflict.
func (s *Store) ChangeLobby(ctx context.Context, gameID string, after int64, c play.LobbyChange) error {
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		if err := recordKey(tx, c.Key); err != nil {
			return err
		}
		res := tx.Model(&Game{}).Where("id = ? AND version = ? AND status = ?", gameID, after, play.StatusLobby).
			Updates(map[string]any{"version": after + 1, "status": c.Status, "updated_at": c.At, "deadline": c.Deadline})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return play.ErrConflict
		}
		if t := c.Take; t != nil {
			return tx.Create(&Seat{GameID: gameID, Seat: t.Seat, Name: t.Name, Bot: t.Bot, Occupant: t.Occupant, CreatedAt: c.At}).Error
		}
		if f := c.Free; f != nil {
			res := tx.Where("game_id = ? AND seat = ? AND occupant = ?", gameID, f.Seat, f.Occupant).Delete(&Seat{})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return play.ErrConflict
			}
		}
		return nil
	})
	switch {
	case errors.Is(err, play.ErrKeyTaken):
		return err
	case isUniqueViolation(err):
		return play.ErrConflict
	case err != nil:
		return err
	}
	s.announce(gameID, play.Stamp{Version: after + 1})
	return nil
}
