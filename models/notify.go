package models

import (
	"context"
	"strconv"
	"strings"

	"github.com/hanabi-server/hanabi/play"
)

// notifyChannel is the Postgres channel on which every change announces
// the game it changed and the stamp it left, so that every replica hears
// it, the writer's own too.
const notifyChannel = "hanabi_games"

// Every change queues its notification inside its own transaction, by the
// database's own triggers (migration 0010), whoever writes it: Postgres
// queues a transaction's notifications as it commits, one committing
// transaction at a time, and delivers them to each listener in that order,
// so a listener that hears a notification sent after a change committed has
// heard the change too (see listener.barrier). The price is that such
// commits queue on the notification queue's lock, their flush included: a
// batch of moves takes it once. Each notification names the store that
// wrote it by its connections' hanabi.instance setting.

// Listen sets the one function the store calls for every change it hears
// of (see play.Store), from the moment it is set; set it before the store
// serves. On SQLite nothing is ever heard: one process holds the file, and
// its tables publish their own changes.
func (s *Store) Listen(heard func(play.Heard)) { s.heard.Store(&heard) }

// hear passes what the listener heard on to the store's listener, if
// there is one.
func (s *Store) hear(h play.Heard) {
	if f := s.heard.Load(); f != nil {
		(*f)(h)
	}
}

// Barrier waits until every change committed before it was called has been
// heard (see play.Store).
func (s *Store) Barrier(ctx context.Context) (uint64, error) {
	if s.listener == nil {
		return 0, play.ErrNoBarrier
	}
	return s.listener.barrier(ctx)
}

// payload is what a store of instance in schema sends when gameID changed
// to st.
func payload(schema, instance, gameID string, st play.Stamp) string {
	return schema + "/" + instance + ":" + gameID + ":" + strconv.FormatInt(st.Version, 10) + ":" + strconv.FormatInt(st.NotesRev, 10)
}

// parsePayload splits a notification, "schema/instance:game:version:notes",
// into the sending store's schema and instance, the game and the stamp. A
// payload of an older replica has no schema and no stamp, and one sent by
// hand may be a bare game id: their stamp is zero, which proves nothing.
func parsePayload(p string) (schema, instance, gameID string, st play.Stamp) {
	head, rest, ok := strings.Cut(p, ":")
	if !ok {
		return "", "", p, st
	}
	gameID, stamp, _ := strings.Cut(rest, ":")
	v, notes, _ := strings.Cut(stamp, ":")
	st.Version, _ = strconv.ParseInt(v, 10, 64)
	st.NotesRev, _ = strconv.ParseInt(notes, 10, 64)
	if schema, inst, ok := strings.Cut(head, "/"); ok {
		return schema, inst, gameID, st
	}
	return "", head, gameID, st
}
