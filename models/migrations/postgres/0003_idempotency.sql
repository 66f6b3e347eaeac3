-- Idempotency keys: a request's key, scoped to its caller and path, written
-- in the same transaction as the change it made (so a retry can never make
-- it twice), then completed with the answer that a retry gets again.
CREATE TABLE idempotency (
    scope      VARCHAR(600) NOT NULL,
    idem_key   VARCHAR(255) NOT NULL,
    hash       VARCHAR(64) NOT NULL,
    status     INTEGER NOT NULL DEFAULT 0,
    header     TEXT NOT NULL DEFAULT '',
    body       BYTEA,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (scope, idem_key)
);

CREATE INDEX idempotency_created ON idempotency (created_at);
