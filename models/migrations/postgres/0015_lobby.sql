-- The live lobby's events: a listed table's changes (created, a seat taken
-- or given up, started, gone), written by the changes themselves so that
-- each is told once, and the lobby's chat. id is a reader's cursor. Every
-- event tells every replica, on the players' channel under the lobby's own
-- name ("~lobby": no player id has a ~).
CREATE TABLE lobby_events (
    id         BIGSERIAL PRIMARY KEY,
    kind       VARCHAR(16) NOT NULL,
    game_id    VARCHAR(40) NOT NULL DEFAULT '',
    player_id  VARCHAR(40),
    name       VARCHAR(64) NOT NULL DEFAULT '',
    bot        BOOLEAN NOT NULL DEFAULT FALSE,
    text       TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX lobby_events_kind ON lobby_events (kind, id);

CREATE FUNCTION hanabi_notify_lobby() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hanabi_players', current_schema() || '/~lobby');
	RETURN NULL;
END
$$;
CREATE TRIGGER hanabi_notify_lobby AFTER INSERT ON lobby_events FOR EACH STATEMENT EXECUTE FUNCTION hanabi_notify_lobby();
