-- Up Migration

-- GET /search at 200,000 funds (issue 27), second part. The queries are in src/db/repositories/fundSearch.ts.
--
-- 1. Where a word's matches begin. For each vocabulary word, the shortest search_name and search_issuer of the funds
--    whose words have it (min_name_length, min_issuer_length). A step that walks its order from the start (shortest
--    name or issuer first) starts at the largest of these over the query's words, instead of reading tens of
--    thousands of shorter names none of which can match ("marchés émergents": its 10th match was the 61,475th name).
--    They are lower bounds: the trigger only ever lowers them, a fund that goes leaves them as they are (still
--    valid, only less tight), and 0 (the default) means "not known". A write lowers a bound only when it brings a
--    shorter name or issuer than any before it with that word: then it updates the word's row, otherwise it reads
--    the vocabulary and writes nothing more.
ALTER TABLE fund_search_vocabulary
  ADD COLUMN min_name_length integer NOT NULL DEFAULT 0,
  ADD COLUMN min_issuer_length integer NOT NULL DEFAULT 0;

UPDATE fund_search_vocabulary v
SET min_name_length = s.name_length, min_issuer_length = s.issuer_length
FROM (
  SELECT w.lexeme, min(length(f.search_name)) AS name_length, min(length(f.search_issuer)) AS issuer_length
  FROM funds f, unnest(f.search_words) AS w(lexeme)
  WHERE length(w.lexeme) >= 3
  GROUP BY w.lexeme
) s
WHERE v.word = s.lexeme COLLATE "C";

-- As in 1700000000004 (every new word added, in word order so that concurrent loads never deadlock), with this fund's
-- lengths; then the known words whose bounds this fund lowers, locked in word order too (rarely any: only a name or
-- issuer shorter than any before with that word). A plain statement each, planned once per session
-- (force_generic_plan): planned afresh at each call, as the plan cache chose, the trigger cost 0.35 ms a fund instead
-- of 0.02 ms; planned once, 0.05 ms (3,000 updates of funds: 0.54-0.76 s in all either way, see bench/README.md).
CREATE OR REPLACE FUNCTION fund_search_vocabulary_add() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO fund_search_vocabulary (word, min_name_length, min_issuer_length)
  SELECT lexeme, length(NEW.search_name), length(NEW.search_issuer) FROM unnest(NEW.search_words)
  WHERE length(lexeme) >= 3 ORDER BY lexeme COLLATE "C"
  ON CONFLICT DO NOTHING;
  UPDATE fund_search_vocabulary v
  SET min_name_length = least(v.min_name_length, length(NEW.search_name)),
      min_issuer_length = least(v.min_issuer_length, length(NEW.search_issuer))
  FROM (
    SELECT k.word FROM fund_search_vocabulary k
    WHERE k.word = ANY (tsvector_to_array(NEW.search_words) COLLATE "C")
      AND (k.min_name_length > length(NEW.search_name) OR k.min_issuer_length > length(NEW.search_issuer))
    ORDER BY k.word FOR UPDATE
  ) lowered
  WHERE v.word = lowered.word;
  RETURN NULL;
END;
$$;

-- The bounds of one query lexeme, taken as a prefix (as fund_search_operand does): the least over the known words that
-- start with it. NULL when no known word starts with it: then no fund matches it, since the vocabulary has every word
-- of three characters or more of every stored fund (the retention prunes only words no fund has). 0 (not known) for a
-- lexeme under three characters (the vocabulary keeps none, and a one-character lexeme is matched whole), and for one
-- whose last character is U+D7FF or above. The words starting with the lexeme are one range of the primary key
-- (collation C: up to the lexeme with its last character incremented, which needs a character below U+D7FF).
CREATE FUNCTION fund_search_word_start(lexeme text, OUT name_length integer, OUT issuer_length integer)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN NOT ranged THEN 0 ELSE min(v.min_name_length) END,
         CASE WHEN NOT ranged THEN 0 ELSE min(v.min_issuer_length) END
  FROM (SELECT length(lexeme) >= 3 AND ascii(right(lexeme, 1)) < 55295 AS ranged) r
  LEFT JOIN public.fund_search_vocabulary v
    ON r.ranged
   AND v.word >= lexeme COLLATE "C"
   AND v.word < (left(lexeme, -1) || chr(ascii(right(lexeme, 1)) + 1)) COLLATE "C"
   AND starts_with(v.word, lexeme COLLATE "C")
  GROUP BY r.ranged
$$;

-- Where the matches of a query (every lexeme, as fund_search_tsquery) begin: the largest bound over its lexemes, 0
-- when none is known. `possible` is false when a lexeme has no known word: then nothing matches the query's words
-- (fund_search_cascade skips those steps without planning them).
CREATE FUNCTION fund_search_start(query text, OUT name_length integer, OUT issuer_length integer, OUT possible boolean)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT coalesce(max(s.name_length), 0), coalesce(max(s.issuer_length), 0), coalesce(bool_and(s.name_length IS NOT NULL), true)
  FROM unnest(public.fund_search_lexemes(query)) AS q(lexeme)
  CROSS JOIN LATERAL public.fund_search_word_start(q.lexeme) s
$$;

-- A query lexeme as an operand for the GIN indexes: the known words it starts, each matched whole ('euro':* becomes
-- ('euro' | 'europa' | 'europe' | 'europeen')), when there are 1 to 64 of them; else fund_search_operand's. It matches
-- the same funds (every word of three characters or more of a stored fund is known), but GIN reads a prefix by building
-- a bitmap of every fund with any word it starts ("euro": 100,000 funds, 20-30 ms), while whole words it intersects,
-- skipping through the longest lists ("sustainable euro": 32 ms -> 4 ms, "falconeth synthetic": 20 ms -> 1 ms).
CREATE FUNCTION fund_search_indexed_operand(lexeme text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN count(v.word) BETWEEN 1 AND 64
              THEN '(' || string_agg('''' || replace(replace(v.word, '\', '\\'), '''', '''''') || '''', ' | ' ORDER BY v.word) || ')'
              ELSE public.fund_search_operand(lexeme) END
  FROM (SELECT length(lexeme) >= 3 AND ascii(right(lexeme, 1)) < 55295 AS ranged) r
  LEFT JOIN public.fund_search_vocabulary v
    ON r.ranged
   AND v.word >= lexeme COLLATE "C"
   AND v.word < (left(lexeme, -1) || chr(ascii(right(lexeme, 1)) + 1)) COLLATE "C"
   AND starts_with(v.word, lexeme COLLATE "C")
$$;

-- fund_search_tsquery with fund_search_indexed_operand: the same matches, for the GIN indexes.
CREATE FUNCTION fund_search_indexed_tsquery(query text) RETURNS tsquery
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT string_agg(public.fund_search_indexed_operand(lexeme), ' & ')::tsquery FROM unnest(public.fund_search_lexemes(query)) AS lexeme $$;

-- 2. The whole cascade in one round trip. The steps' statements stay in fundSearch.ts; this runs them in order, as
--    the repository did one query at a time: each EXECUTE ... USING is planned for its own values (as the unnamed
--    statements before), with $1 its term, $2 the ISINs found so far, $3 how many hits are still needed, $4 where its
--    matches begin (0, or the corrected query's bound) and $5 the term as the GIN indexes read it best (NULL, or
--    fund_search_indexed_tsquery's text). A step whose term is NULL is skipped, and so is one whose guard returns
--    false: guards[i] is a cheap statement run with $1 the term, returning (passes, indexed), its result reused for the
--    next step with the same guard and term. Planning a step costs about 1 ms, running one that finds nothing a
--    fraction of that. The typo steps' terms come from `correction` (run on `query` at most once, only when the cascade
--    gets that far), which returns closest and any_close (tsquery text, NULL when no word is misspelt), each with its
--    bound (closest_start, any_close_start) and its GIN form (closest_indexed, any_close_indexed); step i takes closest
--    when corrected[i] = 1, any_close when 2 (only when it differs from closest).
CREATE FUNCTION fund_search_cascade(
  query text, hits_wanted integer, steps text[], terms text[], guards text[], corrected integer[], correction text
) RETURNS TABLE (isin text, name text, search_hit jsonb, data_as_of text)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  seen text[] := '{}';
  hit record;
  fix record;
  fixed boolean := false;
  term text;
  start integer;
  indexed text;
  guarded text;
  guarded_term text;
  passes boolean;
  guarded_indexed text;
BEGIN
  FOR i IN 1 .. coalesce(array_length(steps, 1), 0) LOOP
    EXIT WHEN cardinality(seen) >= hits_wanted;
    term := terms[i];
    start := 0;
    indexed := NULL;
    IF corrected[i] IS NOT NULL THEN
      IF NOT fixed THEN
        EXECUTE correction INTO fix USING query;
        fixed := true;
      END IF;
      term := NULL;
      IF fix.closest IS NOT NULL AND fix.any_close IS NOT NULL THEN
        IF corrected[i] = 1 THEN
          term := fix.closest;
          start := fix.closest_start;
          indexed := fix.closest_indexed;
        ELSIF fix.any_close <> fix.closest THEN
          term := fix.any_close;
          start := fix.any_close_start;
          indexed := fix.any_close_indexed;
        END IF;
      END IF;
    END IF;
    CONTINUE WHEN term IS NULL;
    IF guards[i] IS NOT NULL THEN
      IF guarded IS DISTINCT FROM guards[i] OR guarded_term IS DISTINCT FROM term THEN
        EXECUTE guards[i] INTO passes, guarded_indexed USING term;
        guarded := guards[i];
        guarded_term := term;
      END IF;
      CONTINUE WHEN passes IS NOT TRUE;
      indexed := guarded_indexed;
    END IF;
    FOR hit IN EXECUTE steps[i] USING term, seen, hits_wanted - cardinality(seen), coalesce(start, 0), indexed LOOP
      isin := hit.isin;
      name := hit.name;
      search_hit := hit.search_hit;
      data_as_of := hit.data_as_of;
      seen := seen || hit.isin;
      RETURN NEXT;
    END LOOP;
  END LOOP;
END;
$$;

-- Down Migration

DROP FUNCTION IF EXISTS fund_search_cascade(text, integer, text[], text[], text[], integer[], text);
DROP FUNCTION IF EXISTS fund_search_indexed_tsquery(text);
DROP FUNCTION IF EXISTS fund_search_indexed_operand(text);
DROP FUNCTION IF EXISTS fund_search_start(text);
DROP FUNCTION IF EXISTS fund_search_word_start(text);
CREATE OR REPLACE FUNCTION fund_search_vocabulary_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fund_search_vocabulary (word)
  SELECT lexeme FROM unnest(NEW.search_words) WHERE length(lexeme) >= 3 ORDER BY lexeme COLLATE "C"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
ALTER TABLE fund_search_vocabulary DROP COLUMN IF EXISTS min_issuer_length, DROP COLUMN IF EXISTS min_name_length;
