-- Up Migration

-- meter_batch, set-based: a fixed number of statements per batch however many keys and accounts it
-- holds (the first version looped per key and per account, which made the busiest batches the slowest).
-- Lock order is unchanged: burst rows by key, then usage rows by account, so batches never deadlock.
-- Charges within an account are taken in call order; once one is refused (past the ceiling), every
-- later one in the batch is refused too (costs are never negative), so the charged calls are a prefix.
CREATE OR REPLACE FUNCTION meter_batch(p_key_ids text[], p_costs integer[], p_now timestamptz DEFAULT NULL)
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

-- Down Migration
-- meter_batch as 1700000000000_platform.sql defines it (the loop per key and per account), copied verbatim.
CREATE OR REPLACE FUNCTION meter_batch(p_key_ids text[], p_costs integer[], p_now timestamptz DEFAULT NULL)
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
