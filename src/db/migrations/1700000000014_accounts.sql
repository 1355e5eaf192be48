-- Up Migration

-- Accounts people make themselves (the site's sign-up): a password (scrypt, domain/passwords.ts), a verified
-- address, and closing. An account made by an operator (npm run keys) is verified from the start.
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS password_hash text;
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS verified_at timestamptz;
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS closed_at timestamptz;
UPDATE accounts SET verified_at = created_at WHERE verified_at IS NULL;

-- When a key last made a call (the API's usage recorder writes it every second or so, not per call).
ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS last_used_at timestamptz;

-- Credits an unverified account may spend (synced from domain/plans.ts UNVERIFIED_CREDITS by migrate).
ALTER TABLE plans ADD COLUMN IF NOT EXISTS unverified_credits integer NOT NULL DEFAULT 0;

-- Browser sessions of the site: only the SHA-256 of the session id is kept. Idle and absolute expiry are
-- applied when a session is read (last_seen_at, created_at), and expired rows are swept then.
CREATE TABLE IF NOT EXISTS sessions (
  id_hash bytea PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account_id);

-- Mailed single-use links (address verification, password reset): only the SHA-256 of the token is kept.
CREATE TABLE IF NOT EXISTS account_tokens (
  token_hash bytea PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS account_tokens_account ON account_tokens (account_id, purpose);

-- Calls and credits per account, UTC day and operation ("GET /funds/:isin"), for the dashboard's chart.
-- The billing counter stays usage_months; these rows are written by each API process every second or so.
CREATE TABLE IF NOT EXISTS usage_days (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  day date NOT NULL,
  operation text NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  credits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day, operation)
);

-- The dashboard lists each endpoint's newest deliveries.
CREATE INDEX IF NOT EXISTS webhook_deliveries_recent ON webhook_deliveries (endpoint_id, created_at DESC);

-- Fixed windows of any length shared by every API process (log-in and sign-up attempts per address and per IP).
CREATE OR REPLACE FUNCTION take_window_slot(p_bucket text, p_now timestamptz, p_seconds integer) RETURNS integer
LANGUAGE sql AS $$
  INSERT INTO rate_windows AS w (bucket, window_start, count)
  VALUES (p_bucket, to_timestamp(floor(extract(epoch FROM p_now) / p_seconds) * p_seconds), 1)
  ON CONFLICT (bucket) DO UPDATE SET
    count = CASE WHEN w.window_start = excluded.window_start THEN w.count + 1 ELSE 1 END,
    window_start = excluded.window_start
  RETURNING count;
$$;

-- The metering round trip and the item charge refuse ('unverified') a charge that would take an unverified
-- account past its allowance; the rest is as in 1700000000003 and 1700000000005.
CREATE OR REPLACE FUNCTION meter_batch(p_key_ids text[], p_costs integer[], p_now timestamptz DEFAULT NULL, p_min_ranks integer[] DEFAULT NULL)
RETURNS TABLE (ord integer, status text, account_id bigint, email text, plan_id text, used integer, burst_count integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_now timestamptz := coalesce(p_now, clock_timestamp());
  v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
  v_minute timestamptz := date_trunc('minute', v_now);
  a_ord integer[]; a_status text[]; a_acct bigint[]; a_email text[]; a_plan text[]; a_used integer[]; a_burst integer[]; a_charge integer[];
BEGIN
  WITH req AS (
    SELECT i.n::integer AS n, i.key_id, i.cost,
           ak.id IS NOT NULL AS known, ak.revoked_at IS NOT NULL AS revoked,
           a.id AS acct, a.email AS acct_email, a.plan_id AS plan,
           p.credits, p.overage_cap, p.burst_per_minute, a.verified_at IS NULL AS unverified, p.unverified_credits,
           coalesce(p.rank, 0) < coalesce(p_min_ranks[i.n], 0) AS gated,
           row_number() OVER (PARTITION BY i.key_id ORDER BY i.n)::integer AS nth,
           count(*) OVER (PARTITION BY i.key_id)::integer AS per_key
      FROM unnest(p_key_ids, p_costs) WITH ORDINALITY AS i(key_id, cost, n)
      LEFT JOIN api_keys ak ON ak.id = i.key_id
      LEFT JOIN accounts a ON a.id = ak.account_id
      LEFT JOIN plans p ON p.id = a.plan_id
  ), slots AS (
    INSERT INTO rate_windows AS w (bucket, window_start, count)
    SELECT 'key:' || key_id, v_minute, count(*) FROM req WHERE known AND NOT revoked GROUP BY key_id ORDER BY key_id
    ON CONFLICT (bucket) DO UPDATE SET
      count = CASE WHEN w.window_start = excluded.window_start THEN w.count + excluded.count ELSE excluded.count END,
      window_start = excluded.window_start
    RETURNING substr(w.bucket, 5) AS key_id, w.count AS final
  ), locked AS (
    -- The no-op update takes the row lock and returns the latest committed value.
    INSERT INTO usage_months AS u (account_id, month_start, used)
    SELECT acct, v_month, 0 FROM req WHERE known AND NOT revoked GROUP BY acct ORDER BY acct
    ON CONFLICT (account_id, month_start) DO UPDATE SET used = u.used
    RETURNING u.account_id AS acct, u.used AS before
  ), judged AS (
    SELECT r.*, s.final - r.per_key + r.nth AS burst, l.before,
           r.known AND NOT r.revoked AND s.final - r.per_key + r.nth > r.burst_per_minute AS over_burst
      FROM req r LEFT JOIN slots s ON s.key_id = r.key_id LEFT JOIN locked l ON l.acct = r.acct
  ), running AS (
    SELECT j.*,
           j.before + sum(CASE WHEN j.known AND NOT j.revoked AND NOT j.gated AND NOT j.over_burst THEN j.cost ELSE 0 END)
                      OVER (PARTITION BY j.acct ORDER BY j.n) AS after
      FROM judged j
  ), decided AS (
    SELECT r.*,
           CASE WHEN NOT r.known THEN 'unknown'
                WHEN r.revoked THEN 'revoked'
                WHEN r.gated THEN 'plan_required'
                WHEN r.over_burst THEN 'burst'
                WHEN r.cost > 0 AND r.unverified AND r.after > r.unverified_credits THEN 'unverified'
                WHEN r.cost > 0 AND r.credits IS NOT NULL AND r.after > r.credits + r.overage_cap THEN 'refused'
                ELSE 'ok' END AS verdict
      FROM running r
  )
  SELECT array_agg(d.n ORDER BY d.n), array_agg(d.verdict ORDER BY d.n), array_agg(d.acct ORDER BY d.n),
         array_agg(d.acct_email ORDER BY d.n), array_agg(d.plan ORDER BY d.n),
         array_agg(coalesce(CASE WHEN d.verdict = 'ok' THEN d.after END, d.before)::integer ORDER BY d.n),
         array_agg(coalesce(d.burst, 0)::integer ORDER BY d.n),
         array_agg(CASE WHEN d.verdict = 'ok' THEN d.cost ELSE 0 END ORDER BY d.n)
    INTO a_ord, a_status, a_acct, a_email, a_plan, a_used, a_burst, a_charge
    FROM decided d;

  UPDATE usage_months u SET used = u.used + t.total
    FROM (SELECT c.acct, sum(c.charge)::integer AS total FROM unnest(a_acct, a_charge) AS c(acct, charge)
           WHERE c.acct IS NOT NULL GROUP BY c.acct HAVING sum(c.charge) > 0) t
   WHERE u.account_id = t.acct AND u.month_start = v_month;

  -- A refused or burst call reports the account's count after the charges that did pass.
  RETURN QUERY
    SELECT x.o, x.s, x.a, x.e, x.p,
           CASE WHEN x.s = 'ok' THEN x.u ELSE coalesce((SELECT max(y.u) FROM unnest(a_acct, a_used, a_status) AS y(a, u, s) WHERE y.a = x.a AND y.s = 'ok'), x.u) END,
           x.b
      FROM unnest(a_ord, a_status, a_acct, a_email, a_plan, a_used, a_burst) AS x(o, s, a, e, p, u, b);
END;
$$;

CREATE OR REPLACE FUNCTION charge_credits(p_key_id text, p_cost integer, p_now timestamptz DEFAULT NULL)
RETURNS TABLE (status text, used integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, clock_timestamp());
  v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
  v_acct bigint; v_revoked boolean; v_credits integer; v_cap integer; v_used integer;
  v_unverified boolean; v_allowance integer;
BEGIN
  SELECT a.id, k.revoked_at IS NOT NULL, p.credits, p.overage_cap, a.verified_at IS NULL, p.unverified_credits
    INTO v_acct, v_revoked, v_credits, v_cap, v_unverified, v_allowance
    FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.id = a.plan_id
   WHERE k.id = p_key_id;
  IF v_acct IS NULL THEN RETURN QUERY SELECT 'unknown'::text, 0; RETURN; END IF;
  IF v_revoked THEN RETURN QUERY SELECT 'revoked'::text, 0; RETURN; END IF;
  INSERT INTO usage_months AS u (account_id, month_start, used) VALUES (v_acct, v_month, 0)
    ON CONFLICT (account_id, month_start) DO NOTHING;
  UPDATE usage_months u SET used = u.used + p_cost
   WHERE u.account_id = v_acct AND u.month_start = v_month
     AND (v_credits IS NULL OR u.used + p_cost <= v_credits + v_cap)
     AND (NOT v_unverified OR u.used + p_cost <= v_allowance)
  RETURNING u.used INTO v_used;
  IF v_used IS NOT NULL THEN RETURN QUERY SELECT 'ok'::text, v_used; RETURN; END IF;
  SELECT u.used INTO v_used FROM usage_months u WHERE u.account_id = v_acct AND u.month_start = v_month;
  IF v_unverified AND v_used + p_cost > v_allowance THEN RETURN QUERY SELECT 'unverified'::text, v_used; RETURN; END IF;
  RETURN QUERY SELECT 'refused'::text, v_used;
END;
$$;

-- Down Migration
-- Loses the accounts' passwords, verification and closing, the sessions, the mailed tokens, the daily usage and
-- the keys' last use. meter_batch as 1700000000003_meter-batch-plan-gate.sql defines it and charge_credits as
-- 1700000000005_holdings-batch-billing.sql does, copied verbatim: no 'unverified' refusal.
CREATE OR REPLACE FUNCTION meter_batch(p_key_ids text[], p_costs integer[], p_now timestamptz DEFAULT NULL, p_min_ranks integer[] DEFAULT NULL)
RETURNS TABLE (ord integer, status text, account_id bigint, email text, plan_id text, used integer, burst_count integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_now timestamptz := coalesce(p_now, clock_timestamp());
  v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
  v_minute timestamptz := date_trunc('minute', v_now);
  a_ord integer[]; a_status text[]; a_acct bigint[]; a_email text[]; a_plan text[]; a_used integer[]; a_burst integer[]; a_charge integer[];
BEGIN
  WITH req AS (
    SELECT i.n::integer AS n, i.key_id, i.cost,
           ak.id IS NOT NULL AS known, ak.revoked_at IS NOT NULL AS revoked,
           a.id AS acct, a.email AS acct_email, a.plan_id AS plan,
           p.credits, p.overage_cap, p.burst_per_minute,
           coalesce(p.rank, 0) < coalesce(p_min_ranks[i.n], 0) AS gated,
           row_number() OVER (PARTITION BY i.key_id ORDER BY i.n)::integer AS nth,
           count(*) OVER (PARTITION BY i.key_id)::integer AS per_key
      FROM unnest(p_key_ids, p_costs) WITH ORDINALITY AS i(key_id, cost, n)
      LEFT JOIN api_keys ak ON ak.id = i.key_id
      LEFT JOIN accounts a ON a.id = ak.account_id
      LEFT JOIN plans p ON p.id = a.plan_id
  ), slots AS (
    INSERT INTO rate_windows AS w (bucket, window_start, count)
    SELECT 'key:' || key_id, v_minute, count(*) FROM req WHERE known AND NOT revoked GROUP BY key_id ORDER BY key_id
    ON CONFLICT (bucket) DO UPDATE SET
      count = CASE WHEN w.window_start = excluded.window_start THEN w.count + excluded.count ELSE excluded.count END,
      window_start = excluded.window_start
    RETURNING substr(w.bucket, 5) AS key_id, w.count AS final
  ), locked AS (
    -- The no-op update takes the row lock and returns the latest committed value.
    INSERT INTO usage_months AS u (account_id, month_start, used)
    SELECT acct, v_month, 0 FROM req WHERE known AND NOT revoked GROUP BY acct ORDER BY acct
    ON CONFLICT (account_id, month_start) DO UPDATE SET used = u.used
    RETURNING u.account_id AS acct, u.used AS before
  ), judged AS (
    SELECT r.*, s.final - r.per_key + r.nth AS burst, l.before,
           r.known AND NOT r.revoked AND s.final - r.per_key + r.nth > r.burst_per_minute AS over_burst
      FROM req r LEFT JOIN slots s ON s.key_id = r.key_id LEFT JOIN locked l ON l.acct = r.acct
  ), running AS (
    SELECT j.*,
           j.before + sum(CASE WHEN j.known AND NOT j.revoked AND NOT j.gated AND NOT j.over_burst THEN j.cost ELSE 0 END)
                      OVER (PARTITION BY j.acct ORDER BY j.n) AS after
      FROM judged j
  ), decided AS (
    SELECT r.*,
           CASE WHEN NOT r.known THEN 'unknown'
                WHEN r.revoked THEN 'revoked'
                WHEN r.gated THEN 'plan_required'
                WHEN r.over_burst THEN 'burst'
                WHEN r.cost > 0 AND r.credits IS NOT NULL AND r.after > r.credits + r.overage_cap THEN 'refused'
                ELSE 'ok' END AS verdict
      FROM running r
  )
  SELECT array_agg(d.n ORDER BY d.n), array_agg(d.verdict ORDER BY d.n), array_agg(d.acct ORDER BY d.n),
         array_agg(d.acct_email ORDER BY d.n), array_agg(d.plan ORDER BY d.n),
         array_agg(coalesce(CASE WHEN d.verdict = 'ok' THEN d.after END, d.before)::integer ORDER BY d.n),
         array_agg(coalesce(d.burst, 0)::integer ORDER BY d.n),
         array_agg(CASE WHEN d.verdict = 'ok' THEN d.cost ELSE 0 END ORDER BY d.n)
    INTO a_ord, a_status, a_acct, a_email, a_plan, a_used, a_burst, a_charge
    FROM decided d;

  UPDATE usage_months u SET used = u.used + t.total
    FROM (SELECT c.acct, sum(c.charge)::integer AS total FROM unnest(a_acct, a_charge) AS c(acct, charge)
           WHERE c.acct IS NOT NULL GROUP BY c.acct HAVING sum(c.charge) > 0) t
   WHERE u.account_id = t.acct AND u.month_start = v_month;

  -- A refused or burst call reports the account's count after the charges that did pass.
  RETURN QUERY
    SELECT x.o, x.s, x.a, x.e, x.p,
           CASE WHEN x.s = 'ok' THEN x.u ELSE coalesce((SELECT max(y.u) FROM unnest(a_acct, a_used, a_status) AS y(a, u, s) WHERE y.a = x.a AND y.s = 'ok'), x.u) END,
           x.b
      FROM unnest(a_ord, a_status, a_acct, a_email, a_plan, a_used, a_burst) AS x(o, s, a, e, p, u, b);
END;
$$;

CREATE OR REPLACE FUNCTION charge_credits(p_key_id text, p_cost integer, p_now timestamptz DEFAULT NULL)
RETURNS TABLE (status text, used integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := coalesce(p_now, clock_timestamp());
  v_month date := date_trunc('month', v_now AT TIME ZONE 'UTC')::date;
  v_acct bigint; v_revoked boolean; v_credits integer; v_cap integer; v_used integer;
BEGIN
  SELECT a.id, k.revoked_at IS NOT NULL, p.credits, p.overage_cap INTO v_acct, v_revoked, v_credits, v_cap
    FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.id = a.plan_id
   WHERE k.id = p_key_id;
  IF v_acct IS NULL THEN RETURN QUERY SELECT 'unknown'::text, 0; RETURN; END IF;
  IF v_revoked THEN RETURN QUERY SELECT 'revoked'::text, 0; RETURN; END IF;
  INSERT INTO usage_months AS u (account_id, month_start, used) VALUES (v_acct, v_month, 0)
    ON CONFLICT (account_id, month_start) DO NOTHING;
  UPDATE usage_months u SET used = u.used + p_cost
   WHERE u.account_id = v_acct AND u.month_start = v_month
     AND (v_credits IS NULL OR u.used + p_cost <= v_credits + v_cap)
  RETURNING u.used INTO v_used;
  IF v_used IS NOT NULL THEN RETURN QUERY SELECT 'ok'::text, v_used; RETURN; END IF;
  SELECT u.used INTO v_used FROM usage_months u WHERE u.account_id = v_acct AND u.month_start = v_month;
  RETURN QUERY SELECT 'refused'::text, v_used;
END;
$$;

DROP INDEX IF EXISTS webhook_deliveries_recent;
DROP FUNCTION IF EXISTS take_window_slot(text, timestamptz, integer);
DROP TABLE IF EXISTS usage_days;
DROP TABLE IF EXISTS account_tokens;
DROP TABLE IF EXISTS sessions;
ALTER TABLE plans DROP COLUMN IF EXISTS unverified_credits;
ALTER TABLE api_keys DROP COLUMN IF EXISTS last_used_at;
ALTER TABLE accounts DROP COLUMN IF EXISTS closed_at;
ALTER TABLE accounts DROP COLUMN IF EXISTS verified_at;
ALTER TABLE accounts DROP COLUMN IF EXISTS password_hash;
