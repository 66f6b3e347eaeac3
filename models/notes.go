package models

import (
	"context"

	"github.com/hanabi-server/hanabi/play"
)

// A note is one script too (see lobby.go): written only with its revision.
const (
	notesRevSQL = `UPDATE games SET notes_rev = $3, change_token = $6 WHERE id = $1 AND notes_rev = $2 AND status = 'active' AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat = $4 AND seats.occupant = $5)`
	noteDropSQL = `DELETE FROM notes WHERE game_id = $1 AND seat = $2 AND card = $3 AND EXISTS (SELECT 1 FROM games WHERE id = $1 AND change_token = $4)`
	noteSQL     = `INSERT INTO notes (game_id, seat, card, text, updated_at)
SELECT $1::varchar, $2::integer, $3::integer, $5::text, $6::timestamptz WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::varchar AND change_token = $4::varchar)
ON CONFLICT (game_id, seat, card) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`
)

// WriteNote sets n (an empty text removes the note) and moves the game's
// notes_rev on from after, not its version: a note is no move. It writes
// only while the game is active at notes_rev after and n's seat is still
// occupant's; anything else changes nothing and is play.ErrConflict.
func (s *Store) WriteNote(ctx context.Context, gameID string, after int64, n play.Note, occupant string) error {
	token := play.NewID()
	write := stmt{noteDropSQL, []any{gameID, n.Seat, n.Card, token}}
	if n.Text != "" {
		write = stmt{noteSQL, []any{gameID, n.Seat, n.Card, token, n.Text, now()}}
	}
	changed, err := s.script(ctx, []stmt{{notesRevSQL, []any{gameID, after, after + 1, n.Seat, occupant, token}}, write})
	return outcome(changed, err, 0)
}
