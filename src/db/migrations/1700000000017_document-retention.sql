-- Up Migration

-- Every version of every document a load reads is stored once by content hash, and nothing deleted one: a NAV file
-- that gains a line each day is a new document each day. The storage retention (usecases/retainStorage.ts) deletes
-- the documents nothing stored names any more once they have not been stored for DOCUMENT_RETENTION_DAYS. A load
-- that stores a document again marks it (at most once an hour), so a document a load is reading right now is never
-- taken from under it, however long ago it was first seen.
ALTER TABLE documents ADD COLUMN IF NOT EXISTS stored_at timestamptz NOT NULL DEFAULT now();
UPDATE documents SET stored_at = first_seen_at;
CREATE INDEX IF NOT EXISTS documents_stored_at ON documents (stored_at);
-- The retention deletes source reads (one row per read of a source for an ISIN) by age as well.
CREATE INDEX IF NOT EXISTS source_reads_read_at ON source_reads (read_at);

-- Down Migration
-- Loses only when each document was last stored.

DROP INDEX IF EXISTS source_reads_read_at;
DROP INDEX IF EXISTS documents_stored_at;
ALTER TABLE documents DROP COLUMN IF EXISTS stored_at;
