-- Up Migration

-- What the issuer recipes learnt, per (ISIN, recipe): the document a recipe last fetched (its URL and validators for
-- a conditional request on refresh; its bytes in `documents`, stored by the load right after, so no foreign key: a copy
-- whose bytes are missing is fetched again in full), and the ISINs a recipe found nothing for, not asked
-- again until `expires_at` (NOT_FOUND_TTL_HOURS).
CREATE TABLE IF NOT EXISTS issuer_documents (
  isin text NOT NULL,
  recipe text NOT NULL,
  url text NOT NULL,
  etag text,
  last_modified text,
  sha256 text NOT NULL,
  fetched_at timestamptz NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (isin, recipe)
);

CREATE TABLE IF NOT EXISTS issuer_misses (
  isin text NOT NULL,
  recipe text NOT NULL,
  reason text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (isin, recipe)
);

-- How each recipe fares (GET /health), and the hosts whose circuit is open (they kept failing).
CREATE TABLE IF NOT EXISTS issuer_recipe_health (
  recipe text PRIMARY KEY,
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_failure text
);

CREATE TABLE IF NOT EXISTS issuer_host_circuits (
  host text PRIMARY KEY,
  opened_at timestamptz NOT NULL,
  reason text NOT NULL
);

-- Down Migration
-- Loses what the issuer recipes learnt (fetched again) and their health.

DROP TABLE IF EXISTS issuer_host_circuits;
DROP TABLE IF EXISTS issuer_recipe_health;
DROP TABLE IF EXISTS issuer_misses;
DROP TABLE IF EXISTS issuer_documents;
