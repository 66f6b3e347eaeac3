package models

import (
	"context"

	"github.com/hanabi-server/hanabi/play"
)

// ChangeLobby makes c to the lobby gameID while it is still at version
// after (see play.Store): the game's row is the guard, as a log entry's seq
// is a move's, so that of two changes decided on one version (on two
// replicas) one wins and the other is play.ErrConflict.
func (s *Store) ChangeLobby(ctx context.Context, gameID string, after int64, c play.LobbyChange) error {
	err := s.inTx(ctx, func(tx db) error {
		if err := recordKey(ctx, tx, c.Key); err != nil {
			return err
		}
		n, err := tx.exec(ctx, "UPDATE games SET version = $3, status = $4, updated_at = $5, deadline = $6 WHERE id = $1 AND version = $2 AND status = 'lobby'",
			gameID, after, after+1, c.Status, c.At, c.Deadline)
		if err != nil || n == 0 {
			return orConflict(err)
		}
		switch {
		case c.Take != nil:
			return insertSeat(ctx, tx, gameID, *c.Take, c.At)
		case c.Free != nil:
			n, err := tx.exec(ctx, "DELETE FROM seats WHERE game_id = $1 AND seat = $2 AND occupant = $3", gameID, c.Free.Seat, c.Free.Occupant)
			if err != nil || n == 0 {
				return orConflict(err)
			}
		}
		return nil
	})
	if isUniqueViolation(err) {
		return play.ErrConflict
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
