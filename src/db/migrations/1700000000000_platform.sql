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

-- One round trip per API call: revocation, burst slot and credit charge, atomically.
-- The conditional UPDATE takes the row lock, so N concurrent charges move `used` by exactly N.
CREATE FUNCTION meter_request(p_key_id text, p_cost integer, p_now timestamptz DEFAULT NULL)
RETURNS TABLE (status text, account_id bigint, email text, plan_id text, used integer, burst_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, clock_timestamp());
  v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
  v_key record;
BEGIN
  SELECT k.revoked_at, a.id AS account_id, a.email, a.plan_id, p.credits, p.overage_cap, p.burst_per_minute
    INTO v_key
    FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.id = a.plan_id
   WHERE k.id = p_key_id;
  IF NOT FOUND THEN
    status := 'unknown'; RETURN NEXT; RETURN;
  END IF;
  account_id := v_key.account_id; email := v_key.email; plan_id := v_key.plan_id;
  IF v_key.revoked_at IS NOT NULL THEN
    status := 'revoked'; RETURN NEXT; RETURN;
  END IF;

  burst_count := take_rate_slot('key:' || p_key_id, v_now);
  IF burst_count > v_key.burst_per_minute THEN
    SELECT u.used INTO used FROM usage_months u WHERE u.account_id = v_key.account_id AND u.month_start = v_month;
    used := coalesce(used, 0); status := 'burst'; RETURN NEXT; RETURN;
  END IF;

  IF p_cost > 0 THEN
    INSERT INTO usage_months (account_id, month_start, used) VALUES (v_key.account_id, v_month, 0)
      ON CONFLICT DO NOTHING;
    UPDATE usage_months u SET used = u.used + p_cost
     WHERE u.account_id = v_key.account_id AND u.month_start = v_month
       AND (v_key.credits IS NULL OR u.used + p_cost <= v_key.credits + v_key.overage_cap)
    RETURNING u.used INTO used;
    IF NOT FOUND THEN
      SELECT u.used INTO used FROM usage_months u WHERE u.account_id = v_key.account_id AND u.month_start = v_month;
      status := 'refused'; RETURN NEXT; RETURN;
    END IF;
  ELSE
    SELECT u.used INTO used FROM usage_months u WHERE u.account_id = v_key.account_id AND u.month_start = v_month;
    used := coalesce(used, 0);
  END IF;
  status := 'ok'; RETURN NEXT;
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
DROP TABLE source_reads;
DROP TABLE documents;
DROP TABLE funds;
DROP FUNCTION meter_request(text, integer, timestamptz);
DROP FUNCTION take_rate_slot(text, timestamptz);
DROP TABLE rate_windows;
DROP TABLE usage_months;
DROP TABLE api_keys;
DROP TABLE accounts;
DROP TABLE plans;
