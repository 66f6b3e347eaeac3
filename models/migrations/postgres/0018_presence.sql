-- Who is online and where (see rooms.Online): a signed-in player's last
-- read of the lobby, a table or a replay room, written at most every few
-- seconds per reader. place_id is the table's or the room's id, empty in
-- the lobby and at an unlisted table. arrival changes when the player
-- comes online or moves, so that the one write that made the change tells
-- the lobby, in its transaction.
CREATE TABLE presence (
    player_id VARCHAR(40) PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    name      VARCHAR(64) NOT NULL,
    bot       BOOLEAN NOT NULL DEFAULT FALSE,
    place     VARCHAR(8) NOT NULL,
    place_id  VARCHAR(40) NOT NULL DEFAULT '',
    arrival   VARCHAR(40) NOT NULL,
    seen_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX presence_seen ON presence (seen_at);

-- A presence event's place; its id goes in game_id.
ALTER TABLE lobby_events ADD COLUMN place VARCHAR(8) NOT NULL DEFAULT '';
