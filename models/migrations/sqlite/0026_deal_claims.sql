-- The shared deals each signed-in player has been dealt, each at most once
-- (play.GameRow.Deal, play.LobbyChange.Deal): the game that deals it goes
-- in only with its players' claims, so that two tables starting at one
-- instant cannot both deal one player the same shared deal (one would
-- show the player, in a partner's hand, the cards they hold at the other).
CREATE TABLE deal_claims (
    player_id VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    deal      VARCHAR(256) NOT NULL,
    game_id   VARCHAR(40) NOT NULL,
    PRIMARY KEY (player_id, deal)
);
-- The shared deals being played now (a finished game's are in
-- player_games): a shared seed is its deal's name, "~", and its key.
INSERT INTO deal_claims (player_id, deal, game_id)
SELECT s.player_id, substr(g.seed, 1, instr(g.seed, '~') - 1), MIN(g.id) FROM seats s JOIN games g ON g.id = s.game_id
WHERE s.player_id IS NOT NULL AND g.status = 'active' AND g.seed LIKE '%~%'
GROUP BY s.player_id, substr(g.seed, 1, instr(g.seed, '~') - 1);
