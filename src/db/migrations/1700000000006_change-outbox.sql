-- Up Migration

-- Change rows are written in the same transaction as the payload they describe (a transactional
-- outbox), so the two cannot diverge; a relay publishes them to ClickHouse (change_feed). The relay,
-- not the writer, numbers them: `feed_id` ascending and `changed_at` strictly increasing to the
-- microsecond, in the order they are published, so a reader paging by `changed_at` never misses a
-- row that a slower writer committed late, and never sees two rows at the same instant.
CREATE TABLE IF NOT EXISTS change_outbox (
  seq bigserial PRIMARY KEY,
  isin text NOT NULL,
  name text,
  event text NOT NULL CHECK (event IN ('fund.changed', 'fund.refreshed')),
  field text NOT NULL,
  old text NOT NULL,
  new text NOT NULL,
  data_as_of text NOT NULL,
  generated_at timestamptz NOT NULL,
  feed_id bigint UNIQUE,
  changed_at timestamptz,
  relayed boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS change_outbox_unnumbered ON change_outbox (seq) WHERE feed_id IS NULL;
CREATE INDEX IF NOT EXISTS change_outbox_unrelayed ON change_outbox (feed_id) WHERE NOT relayed;

-- The feed's clock: the last id and instant handed out. Its row lock serialises numbering.
CREATE TABLE IF NOT EXISTS change_feed_clock (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id bigint NOT NULL,
  last_at timestamptz NOT NULL
);
INSERT INTO change_feed_clock (singleton, last_id, last_at) VALUES (true, 0, 'epoch') ON CONFLICT DO NOTHING;

-- Numbers the committed rows not yet numbered, in write order; returns how many.
CREATE OR REPLACE FUNCTION number_change_outbox() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint; v_at timestamptz; r record; n integer := 0;
BEGIN
  SELECT last_id, last_at INTO v_id, v_at FROM change_feed_clock FOR UPDATE;
  FOR r IN SELECT seq FROM change_outbox WHERE feed_id IS NULL ORDER BY seq FOR UPDATE LOOP
    v_id := v_id + 1;
    v_at := greatest(date_trunc('microseconds', clock_timestamp()), v_at + interval '1 microsecond');
    UPDATE change_outbox SET feed_id = v_id, changed_at = v_at WHERE seq = r.seq;
    n := n + 1;
  END LOOP;
  UPDATE change_feed_clock SET last_id = v_id, last_at = v_at;
  RETURN n;
END;
$$;

-- Down Migration
-- Loses the change rows not yet published and the feed's clock: the up, run again, numbers the feed from 1 again.

DROP FUNCTION IF EXISTS number_change_outbox();
DROP TABLE IF EXISTS change_feed_clock;
DROP TABLE IF EXISTS change_outbox;
