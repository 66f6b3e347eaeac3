CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    variant    TEXT NOT NULL,
    options    TEXT NOT NULL,
    seed       TEXT NOT NULL,
    players    INTEGER NOT NULL,
    status     TEXT NOT NULL,
    version    INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL
);

CREATE INDEX games_created ON games (created_at, id);

CREATE INDEX games_status_created ON games (status, created_at, id);

CREATE TABLE seats (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,
    bot        TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE actions (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    kind       INTEGER NOT NULL,
    card       INTEGER NOT NULL,
    target     INTEGER NOT NULL,
    value      INTEGER NOT NULL,
    created_at DATETIME NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
