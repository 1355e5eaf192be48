-- Up Migration

-- Keys that may file documents into the universe (POST/GET/DELETE /documents): a role, not a plan.
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS operator boolean NOT NULL DEFAULT false;

-- Documents an operator handed in (inbox folder, `npm run library -- import`, POST /documents), filed by
-- what they are: their bytes are in `documents`, this row says what they were identified as and which
-- funds they cover. A fund load reads the rows covering its ISIN (`isins`) as one more source; an SCPI's
-- documents are filed under its slug (`scpi_slug`), which its load and the SCPI universe read.
CREATE TABLE IF NOT EXISTS filed_documents (
  sha256 text PRIMARY KEY REFERENCES documents (sha256),
  kind text NOT NULL,
  media_type text NOT NULL,
  language text,
  isins text[] NOT NULL,
  scpi_slug text,
  as_of date,
  name text,
  source text NOT NULL,
  file_name text NOT NULL,
  filed_at timestamptz NOT NULL DEFAULT now(),
  -- The ingestion run that filed it: a retried run still reports the documents it filed itself as filed.
  filed_by text NOT NULL
);
CREATE INDEX IF NOT EXISTS filed_documents_isins ON filed_documents USING gin (isins);
CREATE INDEX IF NOT EXISTS filed_documents_scpi ON filed_documents (scpi_slug) WHERE scpi_slug IS NOT NULL;
CREATE INDEX IF NOT EXISTS filed_documents_filed_at ON filed_documents (filed_at DESC, sha256);

-- Down Migration
-- Loses what the filed documents were identified as (their bytes stay in documents) and which keys are operators.

DROP TABLE IF EXISTS filed_documents;
ALTER TABLE api_keys DROP COLUMN IF EXISTS operator;
