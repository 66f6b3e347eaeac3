package models

import "strings"

// On Postgres the id of a feed's entry (lobby_events, player_events) is
// drawn from a sequence when the row is written, not when it commits: of
// two writers, the one that drew the lower id may commit second, after a
// reader has read the higher id and moved past it, and that entry would
// never be read. So every transaction that writes a feed first takes the
// feed's lock, held to its commit: its ids are then drawn in commit order.
// The locks come first, before any row lock, the lobby's before the
// players', so that no two writers ever wait on each other in a circle.
// SQLite's one writer commits in id order already.
const (
	lobbyFeedLockSQL  = `SELECT pg_advisory_xact_lock(1751215720, 1)`
	playerFeedLockSQL = `SELECT pg_advisory_xact_lock(1751215720, 2)`
)

// feedLocks are the lock statements that a transaction of stmts begins
// with on Postgres: one for each feed it writes.
func feedLocks(stmts []stmt) []stmt {
	var lobby, player bool
	for _, st := range stmts {
		lobby = lobby || strings.Contains(st.sql, "INTO lobby_events")
		player = player || strings.Contains(st.sql, "INTO player_events")
	}
	var out []stmt
	if lobby {
		out = append(out, stmt{sql: lobbyFeedLockSQL})
	}
	if player {
		out = append(out, stmt{sql: playerFeedLockSQL})
	}
	return out
}
