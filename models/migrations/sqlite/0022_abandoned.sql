-- A game ended by its seats or the clock (terminated, voted, out of time,
-- left idle) is abandoned: its result is kept and listed, but it is on no
-- leaderboard, and the statistics count it apart, in no average nor best.
ALTER TABLE game_results ADD COLUMN abandoned BOOLEAN NOT NULL DEFAULT false;
UPDATE game_results SET abandoned = true WHERE reason IN ('terminated', 'voted', 'timeout', 'idle');
DROP INDEX game_results_board;
CREATE INDEX game_results_board ON game_results (variant, players, bots, score DESC, turns, ended_at, game_id) WHERE accounts AND NOT abandoned;

-- The games counted so far took the abandoned ones in (each scored 0, so
-- only the count of games was off): they are counted apart.
ALTER TABLE player_stats ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
UPDATE player_stats SET abandoned = (SELECT COUNT(*) FROM player_games pg JOIN game_results r ON r.game_id = pg.game_id
    WHERE r.abandoned AND pg.player_id = player_stats.player_id AND pg.variant = player_stats.variant AND pg.players = player_stats.players);
UPDATE player_stats SET games = games - abandoned;
ALTER TABLE variant_stats ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
UPDATE variant_stats SET abandoned = (SELECT COUNT(*) FROM game_results r
    WHERE r.abandoned AND r.variant = variant_stats.variant AND r.players = variant_stats.players);
UPDATE variant_stats SET games = games - abandoned;
