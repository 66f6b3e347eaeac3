-- Accounts: a name unique up to its fold (case, width and look-alikes), an
-- Argon2id hash of the password, and whether a program plays it.
CREATE TABLE players (
    id            VARCHAR(40) PRIMARY KEY,
    name          VARCHAR(64) NOT NULL,
    fold          VARCHAR(128) NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    bot           BOOLEAN NOT NULL DEFAULT false,
    created_at    TIMESTAMPTZ NOT NULL
);

-- A player's tokens: sessions (sign-ins) and access tokens (for programs),
-- kept as the SHA-256 of their secret.
CREATE TABLE player_tokens (
    id           VARCHAR(40) PRIMARY KEY,
    player_id    VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    kind         VARCHAR(16) NOT NULL,
    name         VARCHAR(64) NOT NULL DEFAULT '',
    secret_hash  VARCHAR(64) NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ,
    expires_at   TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX player_tokens_player ON player_tokens (player_id, kind, created_at);

-- A seat taken by a signed-in player records the player.
ALTER TABLE seats ADD COLUMN player_id VARCHAR(40) REFERENCES players (id);
CREATE INDEX seats_player ON seats (player_id, game_id) WHERE player_id IS NOT NULL;

-- seed_given: the creator named the deal; else a table with signed-in
-- players gets its seed when it starts.
ALTER TABLE games ADD COLUMN seed_given BOOLEAN NOT NULL DEFAULT true;

-- A finished game's result, written in the transaction that ends it.
-- accounts: every seat not a bot's is a signed-in player's; bots: a seat
-- is a bot strategy's or a bot account's.
CREATE TABLE game_results (
    game_id  VARCHAR(40) PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    variant  VARCHAR(64) NOT NULL,
    players  INTEGER NOT NULL,
    seed     VARCHAR(256) NOT NULL,
    score    INTEGER NOT NULL,
    reason   VARCHAR(32) NOT NULL,
    turns    INTEGER NOT NULL,
    accounts BOOLEAN NOT NULL,
    bots     BOOLEAN NOT NULL,
    ended_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX game_results_board ON game_results (variant, players, bots, score DESC, turns, ended_at, game_id) WHERE accounts;
CREATE INDEX game_results_seed ON game_results (seed, ended_at);

-- Each signed-in player's finished games, for their history and seeds.
CREATE TABLE player_games (
    player_id VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    game_id   VARCHAR(40) NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    variant   VARCHAR(64) NOT NULL,
    players   INTEGER NOT NULL,
    seed      VARCHAR(256) NOT NULL,
    score     INTEGER NOT NULL,
    ended_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX player_games_history ON player_games (player_id, ended_at DESC, game_id DESC);

-- Statistics, per player and for the whole server, per variant and player
-- count: kept in the transaction that ends a game.
CREATE TABLE player_stats (
    player_id  VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    variant    VARCHAR(64) NOT NULL,
    players    INTEGER NOT NULL,
    games      BIGINT NOT NULL,
    best       INTEGER NOT NULL,
    total      BIGINT NOT NULL,
    perfect    BIGINT NOT NULL,
    strikeouts BIGINT NOT NULL,
    PRIMARY KEY (player_id, variant, players)
);
CREATE TABLE variant_stats (
    variant    VARCHAR(64) NOT NULL,
    players    INTEGER NOT NULL,
    games      BIGINT NOT NULL,
    best       INTEGER NOT NULL,
    total      BIGINT NOT NULL,
    perfect    BIGINT NOT NULL,
    strikeouts BIGINT NOT NULL,
    PRIMARY KEY (variant, players)
);

-- What concerns a player across games, in order: a table they sit at
-- started, their turn, a game ended, an invitation. Each insert tells the
-- player's id on hanabi_players.
CREATE TABLE player_events (
    id         BIGSERIAL PRIMARY KEY,
    player_id  VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    kind       VARCHAR(16) NOT NULL,
    game_id    VARCHAR(40) NOT NULL,
    seat       INTEGER NOT NULL,
    version    BIGINT NOT NULL,
    detail     TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX player_events_player ON player_events (player_id, id);

CREATE FUNCTION hanabi_notify_player() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hanabi_players', current_schema() || '/' || NEW.player_id);
	RETURN NULL;
END
$$;
CREATE TRIGGER hanabi_notify_player AFTER INSERT ON player_events FOR EACH ROW EXECUTE FUNCTION hanabi_notify_player();
