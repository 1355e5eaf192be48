-- Up Migration

-- A sheet's HTML pages (UTF-8), one per variant (page, embed), kept as its PDF is: rendered once from the
-- snapshot and served many times by every API process, rendered again when the page template changes.
-- Before, each API process kept its own bounded cache of them in memory.
CREATE TABLE IF NOT EXISTS factsheet_pages (
  factsheet_id uuid NOT NULL REFERENCES factsheets (id) ON DELETE CASCADE,
  variant text NOT NULL,
  template text NOT NULL,
  html bytea NOT NULL,
  rendered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factsheet_id, variant)
);

-- Down Migration

DROP TABLE IF EXISTS factsheet_pages;
