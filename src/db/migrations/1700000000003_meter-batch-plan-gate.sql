-- Up Migration

-- Plan gating in the metering round trip: each charge may name the lowest plan rank that may make
-- the call (p_min_ranks, parallel to p_key_ids); a key whose plan ranks lower gets 'plan_required'
-- and is charged nothing. A gated call still takes its burst slot, like any other refused call.
-- Ranks are synced from the code's plan order (domain/plans.ts) by migrate, like the other limits.
ALTER TABLE plans ADD COLUMN IF NOT EXISTS rank integer NOT NULL DEFAULT 0;

-- A new parameter makes a new function: the three-argument one would make calls ambiguous.
DROP FUNCTION IF EXISTS meter_batch(text[], integer[], timestamptz);

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

-- Down Migration
-- meter_batch as 1700000000001_meter-batch-set-based.sql defines it (three arguments, no plan gate), copied
-- verbatim. The plan ranks go with their column: migrate syncs them again from the code when the up runs again.
DROP FUNCTION IF EXISTS meter_batch(text[], integer[], timestamptz, integer[]);

CREATE FUNCTION meter_batch(p_key_ids text[], p_costs integer[], p_now timestamptz DEFAULT NULL)
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
           j.before + sum(CASE WHEN j.known AND NOT j.revoked AND NOT j.over_burst THEN j.cost ELSE 0 END)
                      OVER (PARTITION BY j.acct ORDER BY j.n) AS after
      FROM judged j
  ), decided AS (
    SELECT r.*,
           CASE WHEN NOT r.known THEN 'unknown'
                WHEN r.revoked THEN 'revoked'
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

ALTER TABLE plans DROP COLUMN IF EXISTS rank;
