package models

import (
	"context"
	"errors"

	"github.com/hanabi-server/hanabi/play"
)

// A pruned feed (the lobby's events, each player's events) keeps its
// horizon: every entry up to it may be gone. A prune raises it in the
// transaction that deletes, so that a reader's position below it is never
// read on as if nothing after it were missing (see feed.Unexpired).
const lobbyHorizon = "lobby"

// playerHorizon names a player's events' horizon: the highest of their
// own events a prune deleted, so that a reader who had read that far is
// not told of what other players' prunes took.
func playerHorizon(playerID string) string { return "player/" + playerID }

// goneTo is feed's horizon (0: nothing forgotten).
func goneTo(ctx context.Context, d db, feed string) (int64, error) {
	var n int64
	err := d.row(ctx, `SELECT gone_to FROM feed_horizons WHERE feed = $1`, []any{feed}, &n)
	if errors.Is(err, play.ErrNotFound) {
		return 0, nil
	}
	return n, err
}

// raiseHorizons moves horizons up to what rows (a VALUES list or a SELECT
// of feed and gone_to, args its parameters) says, never down.
func raiseHorizons(ctx context.Context, tx db, rows string, args ...any) error {
	_, err := tx.exec(ctx, `INSERT INTO feed_horizons (feed, gone_to) `+rows+`
	ON CONFLICT (feed) DO UPDATE SET gone_to = excluded.gone_to WHERE excluded.gone_to > feed_horizons.gone_to`, args...)
	return err
}

// LobbyGoneTo: see rooms.LobbyStore.
func (s *Store) LobbyGoneTo(ctx context.Context) (int64, error) {
	return goneTo(ctx, s.rdb(), lobbyHorizon)
}

// EventsGoneTo: see players.FeedStore.
func (s *Store) EventsGoneTo(ctx context.Context, playerID string) (int64, error) {
	return goneTo(ctx, s.rdb(), playerHorizon(playerID))
}
