-- Every change to a game queues its notification in its own transaction:
-- an entry appended, and a change of the version (seats, the status of a
-- lobby) or of the notes revision of the games row. The payload is
-- "schema/:game:version:notes". A game's creation notifies nothing: no
-- replica holds a copy of a game before it exists.
CREATE FUNCTION hanabi_notify_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hanabi_games', current_schema() || '/:' || NEW.game_id || ':' || g.version + NEW.seq + 1 || ':' || g.notes_rev)
	FROM games g WHERE g.id = NEW.game_id;
	RETURN NULL;
END
$$;
CREATE TRIGGER hanabi_notify_entry AFTER INSERT ON actions FOR EACH ROW EXECUTE FUNCTION hanabi_notify_entry();

CREATE FUNCTION hanabi_notify_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hanabi_games', current_schema() || '/:' || NEW.id || ':'
		|| NEW.version + COALESCE((SELECT max(seq) + 1 FROM actions WHERE game_id = NEW.id), 0) || ':' || NEW.notes_rev);
	RETURN NULL;
END
$$;
CREATE TRIGGER hanabi_notify_game AFTER UPDATE OF version, notes_rev ON games FOR EACH ROW
WHEN (OLD.version IS DISTINCT FROM NEW.version OR OLD.notes_rev IS DISTINCT FROM NEW.notes_rev)
EXECUTE FUNCTION hanabi_notify_game();
