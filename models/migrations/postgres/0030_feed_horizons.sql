-- How far each pruned feed has been forgotten: the lobby's events
-- ("lobby"), a player's events ("player/" and the player's id). Any entry
-- with an id up to gone_to may be gone: a reader whose position is below
-- it may have missed entries and is told so (410 cursor_expired), not
-- read on as if it had missed none. Each prune raises it in the
-- transaction that deletes.
CREATE TABLE feed_horizons (
    feed    VARCHAR(64) PRIMARY KEY,
    gone_to BIGINT NOT NULL
);
