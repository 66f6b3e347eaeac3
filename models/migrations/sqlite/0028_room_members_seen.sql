-- When each member of a shared replay room last read it (see the Postgres
-- migration).
CREATE TABLE room_members_seen (
    room_id   TEXT NOT NULL REFERENCES replay_rooms (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL,
    seen_at   DATETIME NOT NULL,
    PRIMARY KEY (room_id, player_id)
);
INSERT OR IGNORE INTO room_members_seen (room_id, player_id, seen_at)
SELECT r.id, json_extract(m.value, '$.p'), strftime('%Y-%m-%d %H:%M:%f+00:00', 'now') FROM replay_rooms r, json_each(r.members) m;
