-- Up Migration

-- Webhook endpoints (spec 4.7). The signing secret is kept sealed (AES-256-GCM, db/secretBox.ts) under a
-- key that is not in the database: a dump alone does not give it away.
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id text PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  isins text[],                          -- null: every fund
  secret_sealed bytea NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_account ON webhook_endpoints (account_id, created_at);

-- Down Migration
-- Loses the webhook endpoints and their sealed signing secrets.

DROP TABLE IF EXISTS webhook_endpoints;
