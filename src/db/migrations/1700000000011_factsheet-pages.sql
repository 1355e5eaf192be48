-- Up Migration

-- A sheet's HTML pages (UTF-8), one per variant (page, embed), kept as its PDF is: rendered once from the
-- snapshot and served many times by every API process. `rendition` names what the page was rendered
-- with (the page template and the PDF link it carries, which follows PUBLIC_BASE_URL): a page of another
-- rendition is rendered again. Before, each API process kept its own bounded cache of them in memory.
CREATE TABLE IF NOT EXISTS factsheet_pages (
  factsheet_id uuid NOT NULL REFERENCES factsheets (id) ON DELETE CASCADE,
  variant text NOT NULL,
  rendition text NOT NULL,
  html bytea NOT NULL,
  rendered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (factsheet_id, variant)
);

-- Down Migration
-- Loses the rendered pages only: they are rendered again from their sheet's snapshot.

DROP TABLE IF EXISTS factsheet_pages;
