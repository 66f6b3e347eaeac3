-- A seat token names an occupancy, not only a seat number: leaving gives the
-- seat a new occupant (a bot, the next person), so the old token dies.
ALTER TABLE seats ADD COLUMN occupant TEXT NOT NULL DEFAULT '';

-- The next moment something is due in a game (a turn's time, a lobby's or
-- an idle game's expiry), so that any replica finds due games with one
-- indexed query. It is an index of what the log and the game's times say,
-- refreshed after every change and on every start; never the truth itself.
ALTER TABLE games ADD COLUMN deadline TIMESTAMPTZ;

CREATE INDEX games_deadline ON games (deadline);

-- A move that a bot made for a seat whose time ran out.
ALTER TABLE actions ADD COLUMN auto BOOLEAN NOT NULL DEFAULT false;
