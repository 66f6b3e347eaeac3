-- A credential revoked (a sign-out, a password changed, an access token
-- revoked) tells its player on the players' channel, under a name of its
-- own ("~revoked/" and the player's id; see models.routeHeard): every
-- replica's streams and long-polls of that player ask their credentials
-- again at once, not at their next heartbeat, and the player's events'
-- readers are not woken for it. Postgres folds the same payload sent twice
-- in one transaction into one notification.
CREATE FUNCTION hanabi_notify_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hanabi_players', current_schema() || '/~revoked/' || NEW.player_id);
	RETURN NULL;
END
$$;
CREATE TRIGGER hanabi_notify_revoked AFTER UPDATE OF revoked_at ON player_tokens FOR EACH ROW
WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION hanabi_notify_revoked();
