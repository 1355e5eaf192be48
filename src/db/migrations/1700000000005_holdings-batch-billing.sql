-- Up Migration

-- What aggregations read of a stored payload (domain/holdings.ts FundSummary), written with it:
-- a 1,000-position portfolio reads these few fields, not 1,000 whole payloads.
ALTER TABLE funds ADD COLUMN IF NOT EXISTS summary jsonb;

-- A load that found no public data is remembered until expires_at (NOT_FOUND_TTL_HOURS): batches and
-- clients repeating an unknown ISIN get not_found without starting a load each time. A stored payload
-- clears it.
CREATE TABLE IF NOT EXISTS fund_misses (
  isin text PRIMARY KEY CHECK (isin ~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$'),
  checked_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Calls billed per item (POST /funds, POST /portfolio, GET /overlap) take their burst slot first with
-- meter_batch at cost 0, then charge what they answered here: all or nothing against the plan's
-- ceiling (credits + overage cap), so a call that cannot be paid in full is refused whole.
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

-- Down Migration
-- Loses the funds' summaries (read from the payload while missing) and the remembered misses.

DROP FUNCTION IF EXISTS charge_credits(text, integer, timestamptz);
DROP TABLE IF EXISTS fund_misses;
ALTER TABLE funds DROP COLUMN IF EXISTS summary;
