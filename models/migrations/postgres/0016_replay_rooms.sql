-- Shared replay rooms: one row each, written whole under its version (a
-- change that lost its race changes nothing). members and hypo are JSON:
-- the members in the order they came, the leader's hypothetical moves.
-- Every change tells every replica, on the players' channel under the
-- room's name ("~room/<id>").
CREATE TABLE replay_rooms (
    id         VARCHAR(40) PRIMARY KEY,
    game_id    VARCHAR(40) NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    leader_id  VARCHAR(40) NOT NULL DEFAULT '',
    members    TEXT NOT NULL,
    turn       INTEGER NOT NULL,
    pointer    INTEGER NOT NULL,
    hypo       TEXT NOT NULL,
    next_game  VARCHAR(40) NOT NULL DEFAULT '',
    version    BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE FUNCTION hanabi_notify_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hanabi_players', current_schema() || '/~room/' || NEW.id);
	RETURN NULL;
END
$$;
CREATE TRIGGER hanabi_notify_room AFTER INSERT OR UPDATE ON replay_rooms FOR EACH ROW EXECUTE FUNCTION hanabi_notify_room();
