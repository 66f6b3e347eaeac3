-- A table may be left out of the public list (unlisted), and may ask a
-- joiner for the secret its invite link carries (join_secret, empty: none).
ALTER TABLE games ADD COLUMN unlisted BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN join_secret TEXT NOT NULL DEFAULT '';
