-- A credential revoked (a sign-out, a password changed, an access token
-- revoked) tells its player on the players' channel, as a player event
-- does (migration 0013's function): every replica's streams and
-- long-polls of that player ask their credentials again at once, not at
-- their next heartbeat. Postgres folds the same payload sent twice in one
-- transaction into one notification.
CREATE TRIGGER hanabi_notify_revoked AFTER UPDATE OF revoked_at ON player_tokens FOR EACH ROW
WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION hanabi_notify_player();
