-- Up Migration

-- The API keeps the set of key ids in memory and reads only keys created since its last look
-- (an unknown key is refused without a query per attempt); this index keeps that read small.
CREATE INDEX IF NOT EXISTS api_keys_created_at ON api_keys (created_at);

-- Down Migration

DROP INDEX IF EXISTS api_keys_created_at;
