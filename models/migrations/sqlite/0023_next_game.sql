-- A finished game's rematch: the table its players opened to play again,
-- written with that table, once.
ALTER TABLE games ADD COLUMN next_game TEXT;
