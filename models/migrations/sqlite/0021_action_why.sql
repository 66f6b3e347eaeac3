-- A bot's word on its move (play.Entry.Why), shown with the move's event;
-- empty for everyone else's.
ALTER TABLE actions ADD COLUMN why TEXT NOT NULL DEFAULT '';
