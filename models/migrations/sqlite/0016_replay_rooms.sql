-- Shared replay rooms (see the Postgres migration).
CREATE TABLE replay_rooms (
    id         TEXT PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    leader_id  TEXT NOT NULL DEFAULT '',
    members    TEXT NOT NULL,
    turn       INTEGER NOT NULL,
    pointer    INTEGER NOT NULL,
    hypo       TEXT NOT NULL,
    next_game  TEXT NOT NULL DEFAULT '',
    version    INTEGER NOT NULL,
    created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL
);
