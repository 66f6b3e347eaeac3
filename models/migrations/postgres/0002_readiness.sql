-- One row that the readiness probe rewrites: a write that commits is the
-- proof that the database takes writes.
CREATE TABLE readiness (
    id INTEGER PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL
);
