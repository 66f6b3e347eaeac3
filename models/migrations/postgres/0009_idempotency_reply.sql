-- A key's answer is the transport's own bytes, its status and headers
-- included: the status and headers kept apart so far go in front of the
-- body, as the transport writes them ("<status> <headers>\n<body>").
-- token names the request whose change recorded the key, so that the
-- change goes in only with the key it recorded itself.
UPDATE idempotency SET body = convert_to(status::text || ' ' || header || E'\n', 'UTF8') || COALESCE(body, ''::bytea)
WHERE status <> 0;
ALTER TABLE idempotency DROP COLUMN status, DROP COLUMN header, ADD COLUMN token VARCHAR(32) NOT NULL DEFAULT '';
