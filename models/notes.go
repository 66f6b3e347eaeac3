package models

import (
	"context"

	"github.com/hanabi-server/hanabi/play"
)

// WriteNote sets n (an empty text removes the note) and moves the game's
// notes_rev on from after, not its version: a note is no move. It writes
// only while the game is active at notes_rev after and n's seat is still
// occupant's; anything else changes nothing and is play.ErrConflict.
func (s *Store) WriteNote(ctx context.Context, gameID string, after int64, n play.Note, occupant string) error {
	err := s.inTx(ctx, func(tx db) error {
		changed, err := tx.exec(ctx, `UPDATE games SET notes_rev = $3 WHERE id = $1 AND notes_rev = $2 AND status = 'active'
	AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat = $4 AND seats.occupant = $5)`,
			gameID, after, after+1, n.Seat, occupant)
		if err != nil || changed == 0 {
			return orConflict(err)
		}
		if n.Text == "" {
			_, err = tx.exec(ctx, "DELETE FROM notes WHERE game_id = $1 AND seat = $2 AND card = $3", gameID, n.Seat, n.Card)
			return err
		}
		_, err = tx.exec(ctx, `INSERT INTO notes (game_id, seat, card, text, updated_at) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (game_id, seat, card) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`, gameID, n.Seat, n.Card, n.Text, now())
		return err
	})
	return err
}
