-- Up Migration

-- Plan limits are synced from src/domain/plans.ts on every migrate; the metering function reads them.
CREATE TABLE plans (
  id text PRIMARY KEY,
  credits integer,                       -- null: no monthly ceiling
  overage_cap integer NOT NULL,
  burst_per_minute integer NOT NULL
);

CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  plan_id text NOT NULL REFERENCES plans (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A key is "fds_<id>_<secret>": the id finds the row, the SHA-256 of the whole key is compared in constant time.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  secret_hash bytea NOT NULL,
  label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_keys_account ON api_keys (account_id);

CREATE TABLE usage_months (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  month_start date NOT NULL,
  used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month_start)
);

-- Fixed one-minute windows shared by every API process; losing them in a crash is harmless, hence unlogged.
CREATE UNLOGGED TABLE rate_windows (
  bucket text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

CREATE FUNCTION take_rate_slot(p_bucket text, p_now timestamptz) RETURNS integer
LANGUAGE sql AS $$
  INSERT INTO rate_windows AS w (bucket, window_start, count)
  VALUES (p_bucket, date_trunc('minute', p_now), 1)
  ON CONFLICT (bucket) DO UPDATE SET
    count = CASE WHEN w.window_start = excluded.window_start THEN w.count + 1 ELSE 1 END,
    window_start = excluded.window_start
  RETURNING count;
$$;

-- Metering for a batch of API calls in one round trip: revocation, burst slots and credit charges.
-- Burst rows are upserted once per key (in key order), then each account's usage row is locked once
-- (in account order): a fixed lock order across API processes, so batches never deadlock, and the row
-- lock makes N concurrent charges move `used` by exactly N. Returns one row per input, by ordinality.
CREATE FUNCTION meter_batch(p_key_ids text[], p_costs integer[], p_now timestamptz DEFAULT NULL)
RETURNS TABLE (ord integer, status text, account_id bigint, email text, plan_id text, used integer, burst_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, clock_timestamp());
  v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
  v_burst integer[] := array_fill(0, ARRAY[coalesce(array_length(p_key_ids, 1), 0)]);
  v_final integer;
  v_account bigint;
  v_used integer;
  k record;
  r record;
BEGIN
  FOR k IN
    SELECT i.key_id, array_agg(i.n::integer ORDER BY i.n) AS ords
      FROM unnest(p_key_ids) WITH ORDINALITY AS i(key_id, n)
      JOIN api_keys ak ON ak.id = i.key_id AND ak.revoked_at IS NULL
     GROUP BY i.key_id ORDER BY i.key_id
  LOOP
    INSERT INTO rate_windows AS w (bucket, window_start, count)
    VALUES ('key:' || k.key_id, date_trunc('minute', v_now), cardinality(k.ords))
    ON CONFLICT (bucket) DO UPDATE SET
      count = CASE WHEN w.window_start = excluded.window_start THEN w.count + excluded.count ELSE excluded.count END,
      window_start = excluded.window_start
    RETURNING w.count INTO v_final;
    FOR j IN 1 .. cardinality(k.ords) LOOP
      v_burst[k.ords[j]] := v_final - cardinality(k.ords) + j;
    END LOOP;
  END LOOP;

  FOR r IN
    SELECT i.n::integer AS n, i.cost, ak.id IS NULL AS unknown, ak.revoked_at, a.id AS acct, a.email AS acct_email,
           a.plan_id AS plan, p.credits, p.overage_cap, p.burst_per_minute
      FROM unnest(p_key_ids, p_costs) WITH ORDINALITY AS i(key_id, cost, n)
      LEFT JOIN api_keys ak ON ak.id = i.key_id
      LEFT JOIN accounts a ON a.id = ak.account_id
      LEFT JOIN plans p ON p.id = a.plan_id
     ORDER BY a.id NULLS FIRST, i.n
  LOOP
    ord := r.n; account_id := r.acct; email := r.acct_email; plan_id := r.plan; burst_count := v_burst[r.n]; used := 0;
    IF r.unknown THEN
      status := 'unknown'; RETURN NEXT; CONTINUE;
    END IF;
    IF r.revoked_at IS NOT NULL THEN
      status := 'revoked'; RETURN NEXT; CONTINUE;
    END IF;
    IF v_account IS DISTINCT FROM r.acct THEN
      IF v_account IS NOT NULL THEN
        UPDATE usage_months u SET used = v_used WHERE u.account_id = v_account AND u.month_start = v_month;
      END IF;
      INSERT INTO usage_months (account_id, month_start, used) VALUES (r.acct, v_month, 0) ON CONFLICT DO NOTHING;
      SELECT u.used INTO v_used FROM usage_months u WHERE u.account_id = r.acct AND u.month_start = v_month FOR UPDATE;
      v_account := r.acct;
    END IF;
    IF v_burst[r.n] > r.burst_per_minute THEN
      status := 'burst';
    ELSIF r.cost > 0 AND r.credits IS NOT NULL AND v_used + r.cost > r.credits + r.overage_cap THEN
      status := 'refused';
    ELSE
      v_used := v_used + r.cost;
      status := 'ok';
    END IF;
    used := v_used;
    RETURN NEXT;
  END LOOP;
  IF v_account IS NOT NULL THEN
    UPDATE usage_months u SET used = v_used WHERE u.account_id = v_account AND u.month_start = v_month;
  END IF;
END;
$$;

-- Fund payloads: one row per ISIN, replaced on refresh.
CREATE TABLE funds (
  isin text PRIMARY KEY CHECK (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$'),
  name text,
  payload json NOT NULL,               -- json keeps the field order of the contract; served as text
  generated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  data_as_of text NOT NULL DEFAULT ''
);

-- Source documents, stored once by content hash; workflows pass the hash, never the bytes.
CREATE TABLE documents (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  media_type text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now()
);

-- One row per read of a source for an ISIN: provenance, and evidence for single-flight.
CREATE TABLE source_reads (
  id bigserial PRIMARY KEY,
  isin text NOT NULL,
  source text NOT NULL,
  documents integer NOT NULL,
  workflow_id text,
  run_id text,
  read_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX source_reads_isin ON source_reads (isin, read_at);

-- Down Migration
-- Drops everything the service stores (accounts, keys, usage, funds, documents): it undoes a fresh install.
DROP TABLE source_reads;
DROP TABLE documents;
DROP TABLE funds;
DROP FUNCTION meter_batch(text[], integer[], timestamptz);
DROP FUNCTION take_rate_slot(text, timestamptz);
DROP TABLE rate_windows;
DROP TABLE usage_months;
DROP TABLE api_keys;
DROP TABLE accounts;
DROP TABLE plans;
