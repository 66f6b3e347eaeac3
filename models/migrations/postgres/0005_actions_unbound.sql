-- The log's link to its game is kept by the append itself (an entry goes in
-- only when its game exists, or its previous entry does), and games are
-- never deleted. The foreign key added a row lock on the game to every
-- move, which cost more than the insert it guarded.
ALTER TABLE actions DROP CONSTRAINT IF EXISTS actions_game_id_fkey;
