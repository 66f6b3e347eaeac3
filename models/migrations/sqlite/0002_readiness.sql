-- One row that the readiness probe rewrites: a write that commits is the
-- proof that the database takes writes (a full disk refuses it).
CREATE TABLE readiness (
    id INTEGER PRIMARY KEY,
    at DATETIME NOT NULL
);
