-- Who watches each table (see the Postgres migration).
CREATE TABLE watchers (
    game_id   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    name      TEXT NOT NULL,
    bot       BOOLEAN NOT NULL DEFAULT FALSE,
    shadow    INTEGER NOT NULL,
    seen_at   DATETIME NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
