package models

import (
	"context"
	"strconv"
	"strings"

	"github.com/hanabi-server/hanabi/play"
)

// notifyChannel is where every change announces the game and the stamp it
// left, in its own transaction, by the triggers of migration 0010. Postgres
// queues notifications as their transactions commit, one such commit at a
// time (flush included), and delivers them in that order (see barrier).
const notifyChannel = "hanabi_games"

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

// parsePayload splits a notification, "schema/instance:game:version:notes"
// (the triggers leave instance empty; older replicas named themselves),
// into the sending store's schema, the game and the stamp. A payload of an
// older replica has no schema and no stamp, and one sent by hand may be a
// bare game id: their stamp is zero, which proves nothing.
func parsePayload(p string) (schema, gameID string, st play.Stamp) {
	head, rest, ok := strings.Cut(p, ":")
	if !ok {
		return "", p, st
	}
	gameID, stamp, _ := strings.Cut(rest, ":")
	v, notes, _ := strings.Cut(stamp, ":")
	st.Version, _ = strconv.ParseInt(v, 10, 64)
	st.NotesRev, _ = strconv.ParseInt(notes, 10, 64)
	if sc, _, ok := strings.Cut(head, "/"); ok {
		schema = sc
	}
	return schema, gameID, st
}
