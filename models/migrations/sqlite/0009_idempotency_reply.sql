-- A key's answer is the transport's own bytes, its status and headers
-- included: the status and headers kept apart so far go in front of the
-- body, as the transport writes them ("<status> <headers>\n<body>").
-- token names the request whose change recorded the key, so that the
-- change goes in only with the key it recorded itself.
UPDATE idempotency SET body = CAST(status || ' ' || header || char(10) || COALESCE(CAST(body AS TEXT), '') AS BLOB)
WHERE status <> 0;
ALTER TABLE idempotency DROP COLUMN status;
ALTER TABLE idempotency DROP COLUMN header;
ALTER TABLE idempotency ADD COLUMN token TEXT NOT NULL DEFAULT '';
