-- A name's third key: the skeleton of the name in lower case
-- (players.LowerSkeleton), unique as the others are, so that "ÀLIСE", in
-- capitals with a Cyrillic С, is "Alice". Accounts made before it get
-- theirs when the server starts (players.Service.Backfill); NULL until
-- then, and for an old account too like another older one.
ALTER TABLE players ADD COLUMN skeleton_lower VARCHAR(128);
CREATE UNIQUE INDEX players_skeleton_lower ON players (skeleton_lower);
