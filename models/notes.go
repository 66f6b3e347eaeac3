package models

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/hanabi-server/hanabi/play"
)

// Note is a seat's text on one card of a game.
type Note struct {
	GameID    string `gorm:"primaryKey;size:40"`
	Seat      int    `gorm:"primaryKey;autoIncrement:false"`
	Card      int    `gorm:"primaryKey;autoIncrement:false"`
	Text      string `gorm:"not null"`
	UpdatedAt time.Time
}

// WriteNote sets n (an empty text removes the note) and moves the game's
// notes_rev on from after, not its version: a note is no move. It writes
// only while the game is active at notes_rev after and n's seat is still
// occupant's; anything else changes nothing and is play.ErrConflict.
func (s *Store) WriteNote(ctx context.Context, gameID string, after int64, n play.Note, occupant string) error {
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		res := tx.Model(&Game{}).Where("id = ? AND notes_rev = ? AND status = ? AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat = ? AND seats.occupant = ?)",
			gameID, after, play.StatusActive, n.Seat, occupant).Update("notes_rev", after+1)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return play.ErrConflict
		}
		row := Note{GameID: gameID, Seat: n.Seat, Card: n.Card, Text: n.Text, UpdatedAt: now()}
		if n.Text == "" {
			return tx.Delete(&row).Error
		}
		return tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error
	})
	if err == nil {
		s.announce(gameID, play.Stamp{NotesRev: after + 1})
	}
	return err
}

// LoadNotes returns a game's notes by seat and card.
func (s *Store) LoadNotes(ctx context.Context, gameID string) ([]play.Note, error) {
	var ns []play.Note
	err := s.r.WithContext(ctx).Model(&Note{}).Where("game_id = ?", gameID).Order("seat, card").Find(&ns).Error
	return ns, err
}
