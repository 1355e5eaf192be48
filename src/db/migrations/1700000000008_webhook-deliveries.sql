-- Up Migration

-- One row per (event, endpoint): the delivery a `webhook-delivery/<event>/<endpoint>` workflow makes,
-- with the body every attempt sends (the signature is fresh each time). Inserted once (primary key), so
-- a fan-out that runs twice starts each delivery once.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  event_id text NOT NULL,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  PRIMARY KEY (event_id, endpoint_id)
);

-- Published change rows not yet fanned out to webhook endpoints.
ALTER TABLE change_outbox ADD COLUMN IF NOT EXISTS fanned_out boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS change_outbox_to_fan_out ON change_outbox (feed_id) WHERE relayed AND NOT fanned_out;

-- Down Migration
-- Loses the deliveries and which changes were fanned out: run again, the up marks every change not fanned out.

DROP INDEX IF EXISTS change_outbox_to_fan_out;
ALTER TABLE change_outbox DROP COLUMN IF EXISTS fanned_out;
DROP TABLE IF EXISTS webhook_deliveries;
