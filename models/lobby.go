package models

import (
	"context"
	"errors"
	"fmt"

	"github.com/hanabi-server/hanabi/play"
	"github.com/hanabi-server/hanabi/players"
)

// A lobby change, like a game's creation, is one script: each statement
// changes nothing unless the change goes in (its token on the game's row).
const (
	lobbySQL = `UPDATE games SET version = $3, status = $4, updated_at = $5, deadline = $6, change_token = $7, seed = COALESCE($8, seed) WHERE id = $1 AND version = $2 AND status = 'lobby'`
	takeSQL  = `INSERT INTO seats (game_id, seat, name, bot, occupant, created_at, player_id)
SELECT $1::varchar, $2::integer, $3::varchar, $4::varchar, $5::varchar, $6::timestamptz, NULLIF($8::varchar, '') WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::varchar AND change_token = $7::varchar)`
	freeSQL          = `DELETE FROM seats WHERE game_id = $1 AND seat = $2 AND occupant = $3 AND EXISTS (SELECT 1 FROM games WHERE id = $1 AND change_token = $4)`
	changeKeyDropSQL = `DELETE FROM idempotency WHERE scope = $2 AND idem_key = $3 AND token = $4 AND NOT EXISTS (SELECT 1 FROM games WHERE id = $1 AND change_token = $4)`
)

// startedSQL tells the signed-in players of a game that started that it
// did ($2: its version), and the one to act first ($4) that it is their
// turn, only where the change went in (its token, $5, on the game's row).
const (
	startedSQL = `INSERT INTO player_events (player_id, kind, game_id, seat, version, created_at)
SELECT player_id, 'started', $1::varchar, seat, $2::bigint, $3::timestamptz FROM seats
WHERE game_id = $1::varchar AND player_id IS NOT NULL AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar AND change_token = $4::varchar)`
	firstTurnSQL = `INSERT INTO player_events (player_id, kind, game_id, seat, version, created_at)
SELECT player_id, 'turn', $1::varchar, seat, $2::bigint, $3::timestamptz FROM seats
WHERE game_id = $1::varchar AND seat = $5::integer AND player_id IS NOT NULL AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar AND change_token = $4::varchar)`
)

// claimSQL records that the seated players of a game that starts ($1)
// were dealt its shared deal ($2), where the change went in (its token,
// $3): a player who was dealt it before breaks the key, and the change
// does not go in (play.GameRow.Deal).
const claimSQL = `INSERT INTO deal_claims (player_id, deal, game_id)
SELECT player_id, $2::varchar, $1::varchar FROM seats
WHERE game_id = $1::varchar AND player_id IS NOT NULL AND EXISTS (SELECT 1 FROM games WHERE id = $1::varchar AND change_token = $3::varchar)`

// startedStatements tell a game's signed-in players that it started, and
// claim its shared deal (deal, "" for none) for them. A table of guests
// and bots has nobody to tell, and no claim: it goes without them, and
// without the players' feed lock they would take (see feedLocks).
func startedStatements(gameID string, version int64, first int, at any, token, deal string) []stmt {
	out := []stmt{
		{startedSQL, []any{gameID, version, at, token}},
		{firstTurnSQL, []any{gameID, version, at, token, first}},
	}
	if deal != "" {
		out = append(out, stmt{claimSQL, []any{gameID, deal, token}})
	}
	return out
}

// ChangeLobby makes c to the lobby gameID while it is still at version
// after (see play.Store): the game's row is the guard, as a log entry's seq
// is a move's, so that of two changes decided on one version one wins and
// the other is play.ErrConflict, as is a seat to free no longer its own.
func (s *Store) ChangeLobby(ctx context.Context, gameID string, after int64, c play.LobbyChange) error {
	token, q := play.NewID(), lobbySQL
	args := []any{gameID, after, after + 1, c.Status, c.At, c.Deadline, token, c.Seed}
	if c.Free != nil {
		q, args = q+" AND EXISTS (SELECT 1 FROM seats WHERE game_id = $1 AND seat = $9 AND occupant = $10)", append(args, c.Free.Seat, c.Free.Occupant)
	}
	q, args = guestGuard(q, args, c.Guest)
	stmts := keyed(c.Key, token, c.At, q, args)
	k := len(stmts) - 1
	switch {
	case c.Take != nil:
		t := c.Take
		stmts = append(stmts, stmt{takeSQL, []any{gameID, t.Seat, t.Name, t.Bot, t.Occupant, c.At, token, t.Player}})
	case c.Free != nil:
		stmts = append(stmts, stmt{freeSQL, []any{gameID, c.Free.Seat, c.Free.Occupant, token}})
	}
	if c.Status == play.StatusActive && !c.Guests {
		stmts = append(stmts, startedStatements(gameID, after+1, c.FirstSeat, c.At, token, c.Deal)...)
	}
	if kind := lobbyChange(c); kind != "" {
		stmts = append(stmts, stmt{lobbyTableSQL, []any{gameID, kind, c.At, token}})
	}
	if c.Key != nil {
		stmts = append(stmts, stmt{changeKeyDropSQL, []any{gameID, c.Key.Scope, c.Key.Key, token}})
	}
	n, err := s.script(ctx, stmts)
	err = s.lookAlike(ctx, outcome(n, err, k), c.Guest)
	if err == nil && s.pool == nil {
		s.hearPlayer("") // SQLite: one process, no notification
	}
	return err
}

// guestGuard is the change q (with args) made only while no account has
// one of the keys of a guest's name (nil: no guest's), which the change
// seats: the seat's write asks the accounts, where a query of its own
// asked them before it, a round trip more for every guest's seat.
func guestGuard(q string, args []any, g *play.NameKeys) (string, []any) {
	if g == nil {
		return q, args
	}
	n := len(args)
	q += " AND NOT EXISTS (SELECT 1 FROM players WHERE " + fmt.Sprintf(likeKeys, n+1, n+2, n+3) + ")"
	return q, append(args, g.Fold, g.Skeleton, g.Lower)
}

// lookAlike is play.ErrLookAlike for a change refused (err: ErrConflict)
// that seated a guest (g) whose name an account has, or looks like.
func (s *Store) lookAlike(ctx context.Context, err error, g *play.NameKeys) error {
	if g == nil || !errors.Is(err, play.ErrConflict) {
		return err
	}
	switch _, lerr := s.PlayerLike(ctx, players.Keys{Fold: g.Fold, Skeleton: g.Skeleton, Lower: g.Lower}); {
	case lerr == nil:
		return play.ErrLookAlike
	case errors.Is(lerr, players.ErrNotFound):
		return err
	default:
		return lerr
	}
}

// keyed is the change q (with args), after the statement that records k,
// if set, which the change then goes in only with: both carry its token.
func keyed(k *play.Key, token string, at any, q string, args []any) []stmt {
	if k == nil {
		return []stmt{{q, args}}
	}
	n := len(args)
	q += fmt.Sprintf(" AND EXISTS (SELECT 1 FROM idempotency WHERE scope = $%d AND idem_key = $%d AND token = $%d)", n+1, n+2, n+3)
	return []stmt{{keySQL, []any{k.Scope, k.Key, k.Hash, k.Reply, at, token}}, {q, append(args, k.Scope, k.Key, token)}}
}

// outcome is how a script of k key statements and then a change went (n:
// the rows each changed): play.ErrKeyTaken, play.ErrConflict or nil.
func outcome(n []int64, err error, k int) error {
	switch {
	case isUniqueViolation(err):
		return play.ErrConflict
	case err != nil:
		return err
	case k > 0 && n[0] == 0:
		return play.ErrKeyTaken
	case n[k] == 0:
		return play.ErrConflict
	}
	return nil
}
