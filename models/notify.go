package models

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/hanabi-server/hanabi/play"
)

// notifyChannel is the Postgres channel on which every write announces the
// game it changed and the stamp it left, so that the other replicas'
// waiters read it.
const notifyChannel = "hanabi_games"

// Listen sets the one function the store calls when another replica
// announces a change: the game and the stamp the change left it at (a
// component the writer does not know is 0), or "" and a zero stamp when any
// game may have changed unannounced (the listener lost its connection).
// Set it before the store serves. On SQLite nothing is ever announced: one
// process holds the file.
func (s *Store) Listen(heard func(gameID string, st play.Stamp)) { s.heard.Store(&heard) }

// hear passes an announcement on to the listener, if there is one.
func (s *Store) hear(gameID string, st play.Stamp) {
	if f := s.heard.Load(); f != nil {
		(*f)(gameID, st)
	}
}

// announce tells the other replicas that gameID changed to st. Call it
// after the write has committed: it never waits.
func (s *Store) announce(gameID string, st play.Stamp) {
	if s.notices != nil {
		s.notices.put(notice{gameID, st})
	}
}

// notice is one change to announce.
type notice struct {
	game  string
	stamp play.Stamp
}

// notifySQL sends a batch's notifications in one statement, so one round
// trip and its own transaction, whose commit set_config spares the wait for
// the disk. A NOTIFY inside the writing transaction would make Postgres
// serialise every such commit, its flush included, on the notification
// queue's lock: about one move per flush for the whole cluster. A
// notification lost in a crash costs nothing: every listener has its
// waiters read again when its connection comes back.
const notifySQL = `SELECT set_config('synchronous_commit', 'off', true), count(pg_notify($1, x))
FROM unnest($2::text[]) AS x`

// notify sends a batch of notices (see announce), of each game its newest;
// when it cannot, it queues them again for the next round, unless the
// store is closing.
func (s *Store) notify(ctx context.Context, calls []*call[notice, struct{}]) {
	newest := map[string]play.Stamp{}
	for _, c := range calls {
		st := newest[c.req.game]
		newest[c.req.game] = play.Stamp{Version: max(st.Version, c.req.stamp.Version), NotesRev: max(st.NotesRev, c.req.stamp.NotesRev)}
	}
	payloads := make([]string, 0, len(newest))
	for id, st := range newest {
		payloads = append(payloads, s.listener.payload(id, st))
	}
	if _, err := s.pool.Exec(ctx, notifySQL, notifyChannel, payloads); err == nil || s.closing.Load() {
		return
	}
	time.Sleep(100 * time.Millisecond)
	for id, st := range newest {
		s.notices.put(notice{id, st})
	}
}

// payload is what a store of instance in schema sends when gameID changed
// to st ("" : it starts).
func payload(schema, instance, gameID string, st play.Stamp) string {
	return schema + "/" + instance + ":" + gameID + ":" + strconv.FormatInt(st.Version, 10) + ":" + strconv.FormatInt(st.NotesRev, 10)
}

// parsePayload splits a notification, "schema/instance:game:version:notes",
// into the sending store's schema and instance, the game ("" when the store
// announces that it starts) and the stamp. A payload of an older replica
// has no schema and no stamp, and one sent by hand may be a bare game id:
// their stamp is zero, which every reader reads.
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
