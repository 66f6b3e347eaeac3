-- A table's spectator policy: open (anyone watches; a signed-in spectator
-- sees every hand), no_hands, or closed (its seats alone until it ends).
ALTER TABLE games ADD COLUMN spectators VARCHAR(16) NOT NULL DEFAULT 'open';
