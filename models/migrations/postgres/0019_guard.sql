-- The sign-in guard's buckets (players.Counters), shared by every replica:
-- a digest of what a bucket counts (a name, an address, or both), never
-- the name or address itself, and its theoretical arrival time (GCRA). A
-- bucket full again reads as one never used, and is pruned.
CREATE TABLE guard_buckets (
    key VARCHAR(64) PRIMARY KEY,
    tat TIMESTAMPTZ NOT NULL
);
CREATE INDEX guard_buckets_tat ON guard_buckets (tat);
