-- When each member of a shared replay room last read it (rooms.AwayFor):
-- a member who reads nothing for a minute has closed the tab, and leaves
-- the room, passing its lead on. A read changes nothing of the room, so
-- it is kept beside it and tells nobody. The members of the rooms there
-- now count as read now.
CREATE TABLE room_members_seen (
    room_id   VARCHAR(40) NOT NULL REFERENCES replay_rooms (id) ON DELETE CASCADE,
    player_id VARCHAR(40) NOT NULL,
    seen_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (room_id, player_id)
);
INSERT INTO room_members_seen (room_id, player_id, seen_at)
SELECT r.id, m->>'p', now() FROM replay_rooms r, json_array_elements(r.members::json) m
ON CONFLICT DO NOTHING;
