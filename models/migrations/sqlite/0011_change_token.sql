-- change_token names the change that last wrote a game's row, so that the
-- statements that go with it in its transaction (a seat taken or freed, the
-- idempotency key dropped when the change did not go in) can tell that the
-- change is theirs, and all of it goes to the database in one round trip.
ALTER TABLE games ADD COLUMN change_token VARCHAR(32) NOT NULL DEFAULT '';
