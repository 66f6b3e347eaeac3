package models

import (
	"context"

	"github.com/hanabi-server/hanabi/play"
)

// A line is one script (see lobby.go): the game's side revision and its
// count of lines move on together, guarded by the revision, and the line
// goes in only with them (the change's token on the game's row).
const (
	chatRevSQL = `UPDATE games SET notes_rev = $3, chat_lines = $4, change_token = $5 WHERE id = $1 AND notes_rev = $2 AND chat_lines = $4 - 1`
	chatSQL    = `INSERT INTO chat (game_id, line, seat, player_id, name, text, after_seq, created_at)
SELECT $1::varchar, $2::integer, $3::integer, NULLIF($4::varchar, ''), $5::varchar, $6::text, $7::integer, $8::timestamptz
WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::varchar AND change_token = $9::varchar)`
)

// Say: see play.Store.
func (s *Store) Say(ctx context.Context, gameID string, after int64, l play.Line) error {
	token := play.NewID()
	changed, err := s.script(ctx, []stmt{
		{chatRevSQL, []any{gameID, after, after + 1, l.Line, token}},
		{chatSQL, []any{gameID, l.Line, l.Seat, l.Player, l.Name, l.Text, l.AfterSeq, l.At.UTC(), token}},
	})
	return outcome(changed, err, 0)
}
