-- The live lobby's events (see the Postgres migration).
CREATE TABLE lobby_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT NOT NULL,
    game_id    TEXT NOT NULL DEFAULT '',
    player_id  TEXT,
    name       TEXT NOT NULL DEFAULT '',
    bot        BOOLEAN NOT NULL DEFAULT FALSE,
    text       TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);
CREATE INDEX lobby_events_kind ON lobby_events (kind, id);
