-- A game's version is now its stored version plus its log's length (see
-- models.Game): a move writes its log entry and nothing else. Until now
-- every entry also bumped the stored version, so that is what it gives up.
UPDATE games SET version = version - (SELECT count(*) FROM actions WHERE actions.game_id = games.id);
