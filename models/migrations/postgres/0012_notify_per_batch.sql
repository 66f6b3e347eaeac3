-- An append batch of the store tells its games' stamps in one notification
-- of its own, in its transaction (see appendBatch), and says so in the
-- transaction's setting hanabi.told: the entry trigger then skips its rows.
-- Any other writer's entries are still told, one notification each.
DROP TRIGGER hanabi_notify_entry ON actions;
CREATE TRIGGER hanabi_notify_entry AFTER INSERT ON actions FOR EACH ROW
WHEN (current_setting('hanabi.told', true) IS DISTINCT FROM 'on')
EXECUTE FUNCTION hanabi_notify_entry();
