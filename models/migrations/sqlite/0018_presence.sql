-- Who is online and where (see the Postgres migration).
CREATE TABLE presence (
    player_id TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    name      TEXT NOT NULL,
    bot       BOOLEAN NOT NULL DEFAULT FALSE,
    place     TEXT NOT NULL,
    place_id  TEXT NOT NULL DEFAULT '',
    arrival   TEXT NOT NULL,
    seen_at   DATETIME NOT NULL
);
CREATE INDEX presence_seen ON presence (seen_at);

ALTER TABLE lobby_events ADD COLUMN place TEXT NOT NULL DEFAULT '';
