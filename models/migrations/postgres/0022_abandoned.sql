-- A game ended by its seats or the clock (terminated, voted, out of time,
-- left idle) is abandoned: its result is kept and listed, but it is on no
-- leaderboard, and the statistics count it apart, in no average nor best.
ALTER TABLE game_results ADD COLUMN abandoned BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE game_results SET abandoned = TRUE WHERE reason IN ('terminated', 'voted', 'timeout', 'idle');
DROP INDEX game_results_board;
CREATE INDEX game_results_board ON game_results (variant, players, bots, score DESC, turns, ended_at, game_id) WHERE accounts AND NOT abandoned;

-- The games counted so far took the abandoned ones in (each scored 0, so
-- only the count of games was off): they are counted apart.
ALTER TABLE player_stats ADD COLUMN abandoned BIGINT NOT NULL DEFAULT 0;
UPDATE player_stats SET abandoned = a.n, games = player_stats.games - a.n
FROM (SELECT pg.player_id, pg.variant, pg.players, COUNT(*) AS n FROM player_games pg JOIN game_results r ON r.game_id = pg.game_id
      WHERE r.abandoned GROUP BY pg.player_id, pg.variant, pg.players) a
WHERE a.player_id = player_stats.player_id AND a.variant = player_stats.variant AND a.players = player_stats.players;
ALTER TABLE variant_stats ADD COLUMN abandoned BIGINT NOT NULL DEFAULT 0;
UPDATE variant_stats SET abandoned = a.n, games = variant_stats.games - a.n
FROM (SELECT variant, players, COUNT(*) AS n FROM game_results WHERE abandoned GROUP BY variant, players) a
WHERE a.variant = variant_stats.variant AND a.players = variant_stats.players;
