-- players.Skeleton now takes a name's accents off first, so that an
-- accent and a letter of another script together ("Aliсé") are no new
-- name. The skeletons of names beyond ASCII are made again when the
-- server starts (players.Service.Backfill); the others are unchanged.
UPDATE players SET skeleton = NULL WHERE name ~ '[^[:ascii:]]';
