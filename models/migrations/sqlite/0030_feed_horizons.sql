-- How far each pruned feed has been forgotten (see the Postgres migration).
CREATE TABLE feed_horizons (
    feed    TEXT PRIMARY KEY,
    gone_to INTEGER NOT NULL
);
