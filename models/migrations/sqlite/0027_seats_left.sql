-- Who left a seat that a bot took over (play.Append.TakeOver): a
-- signed-in player (left_player), whose game is still theirs to answer for
-- in their history and statistics (as abandoned), or a guest (left_guest),
-- whose game is no team of signed-in players' on any leaderboard.
ALTER TABLE seats ADD COLUMN left_player TEXT REFERENCES players (id) ON DELETE SET NULL;
ALTER TABLE seats ADD COLUMN left_guest BOOLEAN NOT NULL DEFAULT false;
