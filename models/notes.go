package models

import (
	"context"
	"errors"
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

// WriteNote sets seat's note on card (an empty text removes it) and counts
// the write in the game's notes_rev, not its version: a note is no move. The
// game must be active and the seat still occupant's. It returns the new
// notes_rev. Errors: play.ErrNotFound, play.ErrNotesNotActive,
// play.ErrRevoked.
func (s *Store) WriteNote(ctx context.Context, gameID string, seat int, occupant string, card int, text string) (int64, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *gorm.DB) error {
		q := tx
		if s.dialect == dialectPostgres {
			// Queue behind a move that may be ending the game.
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Select("id", "status", "notes_rev").Where("id = ?", gameID).Take(&g).Error; err != nil {
			return err
		}
		if g.Status != play.StatusActive {
			return play.ErrNotesNotActive
		}
		var held int64
		if err := tx.Model(&Seat{}).Where("game_id = ? AND seat = ? AND occupant = ?", gameID, seat, occupant).Count(&held).Error; err != nil {
			return err
		}
		if held == 0 {
			return play.ErrRevoked
		}
		n := Note{GameID: gameID, Seat: seat, Card: card, Text: text, UpdatedAt: now()}
		var err error
		if text == "" {
			err = tx.Delete(&n).Error
		} else {
			err = tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&n).Error
		}
		if err != nil {
			return err
		}
		g.NotesRev++
		return tx.Model(&Game{}).Where("id = ?", gameID).Update("notes_rev", g.NotesRev).Error
	})
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, play.ErrNotFound
	}
	if err != nil {
		return 0, err
	}
	return g.NotesRev, nil
}

// LoadNotes returns a game's notes by seat and card.
func (s *Store) LoadNotes(ctx context.Context, gameID string) ([]play.Note, error) {
	var ns []play.Note
	err := s.r.WithContext(ctx).Model(&Note{}).Where("game_id = ?", gameID).Order("seat, card").Find(&ns).Error
	return ns, err
}
