-- Up Migration

-- Saved factsheets (spec 2.13, 4.10-4.12). A sheet keeps the fund as it was when it was made (the
-- snapshot) and every document is rendered from it, so a shared link shows the same figures later.
-- The share token is the keyless links' secret (32 random bytes); deleting the row ends every link.
CREATE TABLE IF NOT EXISTS factsheets (
  id uuid PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  share_token text NOT NULL UNIQUE,
  isin text NOT NULL,
  name text,
  issuer text NOT NULL DEFAULT '',
  language text NOT NULL,
  format text NOT NULL,                  -- the format asked for when it was made
  favorite boolean NOT NULL DEFAULT false,
  fund_generated_at timestamptz NOT NULL,
  data_as_of text,
  snapshot jsonb NOT NULL,               -- the FundData the sheet is rendered from
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS factsheets_account_created ON factsheets (account_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS factsheets_account_issuer ON factsheets (account_id, fund_search_norm(issuer));

-- The PDF printed from a sheet, kept per page template: printed once, served many times, printed
-- again when the template changes.
CREATE TABLE IF NOT EXISTS factsheet_pdfs (
  factsheet_id uuid PRIMARY KEY REFERENCES factsheets (id) ON DELETE CASCADE,
  template text NOT NULL,
  pdf bytea NOT NULL,
  rendered_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
-- Loses the saved factsheets, their share links and their PDFs.

DROP TABLE IF EXISTS factsheet_pdfs;
DROP TABLE IF EXISTS factsheets;
