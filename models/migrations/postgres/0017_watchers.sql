-- Who watches each table: a signed-in spectator's last read of it (see
-- rooms.Watchers), written at most every few seconds per reader.
CREATE TABLE watchers (
    game_id   VARCHAR(40) NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    name      VARCHAR(64) NOT NULL,
    bot       BOOLEAN NOT NULL DEFAULT FALSE,
    shadow    INTEGER NOT NULL,
    seen_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
