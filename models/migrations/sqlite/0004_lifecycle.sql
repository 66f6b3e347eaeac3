-- A seat token names an occupancy, not only a seat number: leaving gives the
-- seat a new occupant (a bot, the next person), so the old token dies.
ALTER TABLE seats ADD COLUMN occupant TEXT NOT NULL DEFAULT '';
