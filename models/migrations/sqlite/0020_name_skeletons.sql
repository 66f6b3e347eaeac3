-- A name's second key: its confusable skeleton (UTS #39, players.Skeleton),
-- unique as its fold is, so that "Aliсe" with a Cyrillic с is "Alice".
-- Accounts made before it get theirs when the server starts
-- (players.Service.Backfill); NULL until then, and for an old account too
-- like another older one.
ALTER TABLE players ADD COLUMN skeleton VARCHAR(128);
CREATE UNIQUE INDEX players_skeleton ON players (skeleton);
