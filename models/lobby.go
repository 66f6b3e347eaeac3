package models

import (
	"context"

	"gorm.io/gorm"

	"github.com/hanabi-server/hanabi/play"
)

// ChangeLobby makes c to the lobby gameID while it is still at version
// after (see play.Store): the game's row is the guard, as a log entry's seq
// is a move's, so that of two changes decided on one version (on two
// replicas) one wins and the other is play.ErrConflict.
func (s *Store) ChangeLobby(ctx context.Context, gameID string, after int64, c play.LobbyChange) error {
	err := s.orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := keepKey(tx, c.Key); err != nil {
			return err
		}
		res := tx.Table("games").Where("id = ? AND version = ? AND status = ?", gameID, after, play.StatusLobby).
			Updates(map[string]any{"version": after + 1, "status": c.Status, "updated_at": c.At, "deadline": c.Deadline})
		if res.Error != nil || res.RowsAffected == 0 {
			return orConflict(res.Error)
		}
		switch {
		case c.Take != nil:
			return tx.Table("seats").Create(map[string]any{"game_id": gameID, "seat": c.Take.Seat, "name": c.Take.Name,
				"bot": c.Take.Bot, "occupant": c.Take.Occupant, "created_at": c.At}).Error
		case c.Free != nil:
			res := tx.Table("seats").Where("game_id = ? AND seat = ? AND occupant = ?", gameID, c.Free.Seat, c.Free.Occupant).Delete(nil)
			if res.Error != nil || res.RowsAffected == 0 {
				return orConflict(res.Error)
			}
		}
		return nil
	})
	if isUniqueViolation(err) {
		return play.ErrConflict
	}
	if err == nil {
		s.announce(gameID, play.Stamp{Version: after + 1})
	}
	return err
}

// orConflict is err, or, when a guarded write found nothing to change,
// play.ErrConflict.
func orConflict(err error) error {
	if err == nil {
		return play.ErrConflict
	}
	return err
}
