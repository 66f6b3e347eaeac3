package models

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/hanabi-server/hanabi/play"
)

// WriteNote sets n (an empty text removes the note) and moves the game's
// notes_rev on from after, not its version: a note is no move. It writes
// only while the game is active at notes_rev after and n's seat is still
// occupant's; anything else changes nothing and is play.ErrConflict.
func (s *Store) WriteNote(ctx context.Context, gameID string, after int64, n play.Note, occupant string) error {
	err := s.orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Table("games").Where(`id = ? AND notes_rev = ? AND status = ?
	AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat = ? AND seats.occupant = ?)`,
			gameID, after, play.StatusActive, n.Seat, occupant).Update("notes_rev", after+1)
		if res.Error != nil || res.RowsAffected == 0 {
			return orConflict(res.Error)
		}
		if n.Text == "" {
			return tx.Table("notes").Where("game_id = ? AND seat = ? AND card = ?", gameID, n.Seat, n.Card).Delete(nil).Error
		}
		return tx.Table("notes").Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "game_id"}, {Name: "seat"}, {Name: "card"}},
			DoUpdates: clause.AssignmentColumns([]string{"text", "updated_at"})}).
			Create(map[string]any{"game_id": gameID, "seat": n.Seat, "card": n.Card, "text": n.Text, "updated_at": now()}).Error
	})
	if err == nil {
		s.announce(gameID, play.Stamp{NotesRev: after + 1})
	}
	return err
}
