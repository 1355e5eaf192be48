-- Up Migration

-- SCPI (French real-estate funds). The universe is every SCPI folder of the document library,
-- identified by the worker from its documents (slug, ISIN, name, management company), loaded or not:
-- GET /scpi searches it. A loaded SCPI's payload is kept apart from the funds' (its own shape, section
-- 2.14), fresh for 24 hours like a fund's.
CREATE TABLE IF NOT EXISTS scpi_universe (
  slug text PRIMARY KEY,
  isin text,
  name text NOT NULL,
  management_company text,
  category text,
  capital_type text,
  identified_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS scpi_universe_isin ON scpi_universe (isin) WHERE isin IS NOT NULL;

CREATE TABLE IF NOT EXISTS scpi (
  slug text PRIMARY KEY,
  isin text,
  name text NOT NULL,
  payload jsonb NOT NULL,
  generated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  data_as_of text NOT NULL
);
CREATE INDEX IF NOT EXISTS scpi_generated_at ON scpi (generated_at);

-- Down Migration
-- Loses the SCPI universe and the stored SCPI payloads.
DROP TABLE IF EXISTS scpi;
DROP TABLE IF EXISTS scpi_universe;
