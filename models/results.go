package models

import "github.com/hanabi-server/hanabi/play"

// A game's end is kept in the transaction of the entry that ends it, each
// statement only where that very entry is (entryHere: $1–$8), and the
// statistics only while the game has no result yet: a batch tried again
// move by move after its answer was lost finds its own entry there and is
// not run again (see appendBatch), and a result already written is never
// counted twice. Each statement's own values follow, from $9 (Postgres
// types every value a statement is given, so each names all of its own).
const (
	noResultYet = `NOT EXISTS (SELECT 1 FROM game_results WHERE game_id = $1)`
	// $9 variant, $10 players, $11 score, $12 perfect, $13 strikeout,
	// $14 games, $15 abandoned: an abandoned game counts only as such
	// (games 0, abandoned 1, and nothing in best, total, perfect nor
	// strikeouts; see statsOf).
	endStatsSQL = `INSERT INTO player_stats (player_id, variant, players, games, best, total, perfect, strikeouts, abandoned)
SELECT player_id, $9::varchar, $10::integer, $14::integer, $11::integer, $11::integer, $12::integer, $13::integer, $15::integer FROM seats
WHERE game_id = $1 AND player_id IS NOT NULL AND ` + entryHere + ` AND ` + noResultYet + `
ON CONFLICT (player_id, variant, players) DO UPDATE SET games = player_stats.games + excluded.games,
	best = GREATEST(player_stats.best, excluded.best), total = player_stats.total + excluded.total,
	perfect = player_stats.perfect + excluded.perfect, strikeouts = player_stats.strikeouts + excluded.strikeouts,
	abandoned = player_stats.abandoned + excluded.abandoned`
	// A player who left a seat a bot then played answers for the game as
	// abandoned, whatever its end: leaving cannot spare a strikeout.
	endLeftStatsSQL = `INSERT INTO player_stats (player_id, variant, players, games, best, total, perfect, strikeouts, abandoned)
SELECT DISTINCT left_player, $9::varchar, $10::integer, 0, 0, 0, 0, 0, 1 FROM seats
WHERE game_id = $1 AND left_player IS NOT NULL AND player_id IS NULL AND ` + entryHere + ` AND ` + noResultYet + `
ON CONFLICT (player_id, variant, players) DO UPDATE SET abandoned = player_stats.abandoned + 1`
	endVariantSQL = `INSERT INTO variant_stats (variant, players, games, best, total, perfect, strikeouts, abandoned)
SELECT $9::varchar, $10::integer, $14::integer, $11::integer, $11::integer, $12::integer, $13::integer, $15::integer
WHERE ` + entryHere + ` AND ` + noResultYet + `
ON CONFLICT (variant, players) DO UPDATE SET games = variant_stats.games + excluded.games,
	best = GREATEST(variant_stats.best, excluded.best), total = variant_stats.total + excluded.total,
	perfect = variant_stats.perfect + excluded.perfect, strikeouts = variant_stats.strikeouts + excluded.strikeouts,
	abandoned = variant_stats.abandoned + excluded.abandoned`
	// $9 variant, $10 players, $11 seed, $12 score.
	// A player who left is in the game's history too (at the seat they left).
	endHistorySQL = `INSERT INTO player_games (player_id, game_id, seat, variant, players, seed, score, ended_at)
SELECT COALESCE(player_id, left_player), $1::varchar, seat, $9::varchar, $10::integer, $11::varchar, $12::integer, $8::timestamptz FROM seats
WHERE game_id = $1 AND (player_id IS NOT NULL OR left_player IS NOT NULL) AND ` + entryHere + ` AND ` + noResultYet + `
ON CONFLICT (player_id, game_id) DO NOTHING`
	// $9 the game's version after the entry.
	endEventsSQL = `INSERT INTO player_events (player_id, kind, game_id, seat, version, created_at)
SELECT player_id, 'ended', $1::varchar, seat, $9::bigint, $8::timestamptz FROM seats
WHERE game_id = $1 AND player_id IS NOT NULL AND ` + entryHere + ` AND ` + noResultYet
	// The result last: the statements above ask whether it is there.
	// $9 variant, $10 players, $11 seed, $12 score, $13 reason, $14 turns,
	// $15 abandoned.
	endResultSQL = `INSERT INTO game_results (game_id, variant, players, seed, score, reason, turns, abandoned, accounts, bots, ended_at)
SELECT $1::varchar, $9::varchar, $10::integer, $11::varchar, $12::integer, $13::varchar, $14::integer, $15::boolean,
	NOT EXISTS (SELECT 1 FROM seats WHERE game_id = $1 AND (player_id IS NULL AND bot = '' OR left_guest)),
	EXISTS (SELECT 1 FROM seats s WHERE s.game_id = $1 AND (s.bot <> '' OR EXISTS (SELECT 1 FROM players p WHERE p.id = s.player_id AND p.bot))),
	$8::timestamptz
WHERE ` + entryHere + `
ON CONFLICT (game_id) DO NOTHING`
	// turnSQL tells the seat to act that it is their turn: $9 the seat,
	// $10 the game's version after the entry.
	turnSQL = `INSERT INTO player_events (player_id, kind, game_id, seat, version, created_at)
SELECT player_id, 'turn', $1::varchar, seat, $10::bigint, $8::timestamptz FROM seats
WHERE game_id = $1 AND seat = $9::integer AND player_id IS NOT NULL AND ` + entryHere
)

// endStatements are the statements that keep e, the end of the game whose
// entry is here (the first eight values of an entry's statements), which
// leaves the game at version. A game of guests and bots (e.Guests) has no
// player's history, statistics or event to write: it goes without those
// statements, and without the players' feed lock (see feedLocks).
func endStatements(out []stmt, here []any, e *play.GameEnd, version int64) []stmt {
	with := func(v ...any) []any { return append(here[:8:8], v...) }
	stats := with(append([]any{e.Variant, e.Players}, statsOf(e)...)...)
	if !e.Guests {
		out = append(out, stmt{endStatsSQL, stats}, stmt{endLeftStatsSQL, with(e.Variant, e.Players)})
	}
	out = append(out, stmt{endVariantSQL, stats})
	if !e.Guests {
		out = append(out, stmt{endHistorySQL, with(e.Variant, e.Players, e.Seed, e.Score)}, stmt{endEventsSQL, with(version)})
	}
	return append(out,
		stmt{endLobbySQL, with()},
		stmt{endResultSQL, with(e.Variant, e.Players, e.Seed, e.Score, e.Reason, e.Turns, e.Abandoned)})
}

// statsOf is what e adds to the statistics ($11–$15 of endStatsSQL): an
// abandoned game adds one to abandoned and nothing else.
func statsOf(e *play.GameEnd) []any {
	if e.Abandoned {
		return []any{0, 0, 0, 0, 1}
	}
	return []any{e.Score, b2i(e.Perfect), b2i(e.Strikeout), 1, 0}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
