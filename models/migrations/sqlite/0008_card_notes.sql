-- Card notes: a seat's own text on a card it can see. notes_rev counts the
-- game's note writes apart from its version, so that writing a note never
-- makes a teammate's versioned move stale, while a reader's copy of the
-- game still learns that its notes changed.
ALTER TABLE games ADD COLUMN notes_rev BIGINT NOT NULL DEFAULT 0;
CREATE TABLE notes (
	game_id    VARCHAR(40) NOT NULL REFERENCES games(id) ON DELETE CASCADE,
	seat       INTEGER NOT NULL,
	card       INTEGER NOT NULL,
	text       TEXT NOT NULL,
	updated_at DATETIME NOT NULL,
	PRIMARY KEY (game_id, seat, card)
);
