package models

import (
	"context"
	"strconv"
	"strings"

	"github.com/hanabi-server/hanabi/play"
)

// notifyChannel is where every change announces the game and the stamp it
// left, in its own transaction: an append batch in one notification of its
// own (see batchNotifySQL), any other change by the triggers of migrations
// 0010 and 0012. Postgres
// queues notifications as their transactions commit, one such commit at a
// time (flush included), and delivers them in that order (see barrier).
const notifyChannel = "hanabi_games"

// playersChannel is where a player event tells its player,
// "schema/player id" (the trigger of migration 0013).
const playersChannel = "hanabi_players"

// ListenPlayers sets the one function the store calls with the player of
// each player event it hears of, this process's own too, or "" when any
// player's may have been written unheard; set it before the store serves.
func (s *Store) ListenPlayers(heard func(playerID string)) { s.heardPlayer.Store(&heard) }

// hearPlayer hands what the store heard to its player listener, if any.
// The lobby's events and the rooms' changes come on the same channel,
// under their own names (see routeHeard); "" (any may have been missed)
// tells them all.
func (s *Store) hearPlayer(id string) {
	if !s.routeHeard(id) {
		return
	}
	if f := s.heardPlayer.Load(); f != nil {
		(*f)(id)
	}
}

// Listen: see play.Store; set it before the store serves. On SQLite nothing
// is heard: one process holds the file.
func (s *Store) Listen(heard func(gameID string, st play.Stamp)) { s.heard.Store(&heard) }

// hear hands what the listener heard to the store's listener, if any.
func (s *Store) hear(gameID string, st play.Stamp) {
	if f := s.heard.Load(); f != nil {
		(*f)(gameID, st)
	}
}

// Barrier: see play.Store.
func (s *Store) Barrier(ctx context.Context) (uint64, error) {
	if s.listener == nil {
		return 0, play.ErrNoBarrier
	}
	return s.listener.barrier(ctx)
}

// heardGame is a game's stamp as a notification tells it.
type heardGame struct {
	id string
	st play.Stamp
}

// parsePayload splits a notification, "schema/tag:game:version:notes" with
// a game:version:notes for each game the change left (an append batch tells
// all of its games in one), into the sending store's schema, its tag (the
// barrier round a batch carries: see listener.take) and the games. A payload
// of an older replica has no schema and no stamp, and one sent by hand may
// be a bare game id: their stamp is zero, which proves nothing.
func parsePayload(p string) (schema, tag string, games []heardGame) {
	head, rest, ok := strings.Cut(p, ":")
	if !ok && !strings.Contains(p, "/") {
		return "", "", []heardGame{{id: p}}
	}
	if sc, t, ok := strings.Cut(head, "/"); ok {
		schema, tag = sc, t
	}
	f := strings.Split(rest, ":")
	for i := 0; i < len(f); i += 3 {
		g := heardGame{id: f[i]}
		if i+2 < len(f) {
			g.st.Version, _ = strconv.ParseInt(f[i+1], 10, 64)
			g.st.NotesRev, _ = strconv.ParseInt(f[i+2], 10, 64)
		}
		if g.id != "" {
			games = append(games, g)
		}
	}
	return schema, tag, games
}
