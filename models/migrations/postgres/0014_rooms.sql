-- A table's spectator policy: open (anyone watches; a signed-in spectator
-- sees every hand), no_hands, or closed (its seats alone until it ends).
ALTER TABLE games ADD COLUMN spectators VARCHAR(16) NOT NULL DEFAULT 'open';

-- A table's chat, kept with its game through the pregame, the game and its
-- replay. chat_lines counts them (each line is numbered from 1: a reader's
-- cursor), and a line moves notes_rev on, the table's side revision, so
-- that every replica hears of it as it hears of a note.
ALTER TABLE games ADD COLUMN chat_lines INTEGER NOT NULL DEFAULT 0;
CREATE TABLE chat (
    game_id    VARCHAR(40) NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    line       INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    player_id  VARCHAR(40),
    name       VARCHAR(64) NOT NULL,
    text       TEXT NOT NULL,
    after_seq  INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, line)
);

-- Whose chat a player does not want to read.
CREATE TABLE mutes (
    player_id VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    muted_id  VARCHAR(40) NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    PRIMARY KEY (player_id, muted_id)
);
