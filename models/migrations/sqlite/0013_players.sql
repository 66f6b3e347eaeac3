-- Accounts: a name unique up to its fold (case, width and look-alikes), an
-- Argon2id hash of the password, and whether a program plays it.
CREATE TABLE players (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    fold          TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    bot           BOOLEAN NOT NULL DEFAULT false,
    created_at    DATETIME NOT NULL
);

-- A player's tokens: sessions (sign-ins) and access tokens (for programs),
-- kept as the SHA-256 of their secret.
CREATE TABLE player_tokens (
    id           TEXT PRIMARY KEY,
    player_id    TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    name         TEXT NOT NULL DEFAULT '',
    secret_hash  TEXT NOT NULL,
    created_at   DATETIME NOT NULL,
    last_used_at DATETIME,
    expires_at   DATETIME,
    revoked_at   DATETIME
);
CREATE INDEX player_tokens_player ON player_tokens (player_id, kind, created_at);

-- A seat taken by a signed-in player records the player.
ALTER TABLE seats ADD COLUMN player_id TEXT REFERENCES players (id);
CREATE INDEX seats_player ON seats (player_id, game_id) WHERE player_id IS NOT NULL;

-- seed_given: the creator named the deal; else a table with signed-in
-- players gets its seed when it starts.
ALTER TABLE games ADD COLUMN seed_given BOOLEAN NOT NULL DEFAULT true;

-- A finished game's result, written in the transaction that ends it.
-- accounts: every seat not a bot's is a signed-in player's; bots: a seat
-- is a bot strategy's or a bot account's.
CREATE TABLE game_results (
    game_id  TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    variant  TEXT NOT NULL,
    players  INTEGER NOT NULL,
    seed     TEXT NOT NULL,
    score    INTEGER NOT NULL,
    reason   TEXT NOT NULL,
    turns    INTEGER NOT NULL,
    accounts BOOLEAN NOT NULL,
    bots     BOOLEAN NOT NULL,
    ended_at DATETIME NOT NULL
);
CREATE INDEX game_results_board ON game_results (variant, players, bots, score DESC, turns, ended_at, game_id) WHERE accounts;
CREATE INDEX game_results_seed ON game_results (seed, ended_at);

-- Each signed-in player's finished games, for their history and seeds.
CREATE TABLE player_games (
    player_id TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    game_id   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    variant   TEXT NOT NULL,
    players   INTEGER NOT NULL,
    seed      TEXT NOT NULL,
    score     INTEGER NOT NULL,
    ended_at  DATETIME NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX player_games_history ON player_games (player_id, ended_at DESC, game_id DESC);

-- Statistics, per player and for the whole server, per variant and player
-- count: kept in the transaction that ends a game.
CREATE TABLE player_stats (
    player_id  TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    variant    TEXT NOT NULL,
    players    INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    best       INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    perfect    INTEGER NOT NULL,
    strikeouts INTEGER NOT NULL,
    PRIMARY KEY (player_id, variant, players)
);
CREATE TABLE variant_stats (
    variant    TEXT NOT NULL,
    players    INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    best       INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    perfect    INTEGER NOT NULL,
    strikeouts INTEGER NOT NULL,
    PRIMARY KEY (variant, players)
);

-- What concerns a player across games, in order: a table they sit at
-- started, their turn, a game ended, an invitation.
CREATE TABLE player_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    game_id    TEXT NOT NULL,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    detail     TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL
);
CREATE INDEX player_events_player ON player_events (player_id, id);
