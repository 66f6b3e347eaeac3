-- An append batch tells its games' stamps in one notification of its own
-- (see appendBatch), in its transaction: one per batch, not one per entry.
DROP TRIGGER hanabi_notify_entry ON actions;
DROP FUNCTION hanabi_notify_entry();
