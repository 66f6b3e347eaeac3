CREATE TABLE games (
    id         VARCHAR(40) PRIMARY KEY,
    variant    VARCHAR(64) NOT NULL,
    options    TEXT NOT NULL,
    seed       VARCHAR(256) NOT NULL,
    players    INTEGER NOT NULL,
    status     VARCHAR(16) NOT NULL,
    version    BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX games_created ON games (created_at DESC, id DESC);

CREATE INDEX games_status_created ON games (status, created_at DESC, id DESC);

CREATE TABLE seats (
    game_id    VARCHAR(40) NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       VARCHAR(64) NOT NULL,
    bot        VARCHAR(64) NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE actions (
    game_id    VARCHAR(40) NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    kind       INTEGER NOT NULL,
    card       INTEGER NOT NULL,
    target     INTEGER NOT NULL,
    value      INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE settings (
    key   VARCHAR(64) PRIMARY KEY,
    value TEXT NOT NULL
);
