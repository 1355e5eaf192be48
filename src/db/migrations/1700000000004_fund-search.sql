-- Up Migration

-- GET /search over the funds already stored: by name, issuer (keyFacts.manager) and ISIN prefix,
-- case- and accent-insensitive, typo-tolerant, all in Postgres. Everything it reads is GENERATED
-- from name and payload or kept by a trigger, so the write path (FundsRepository.upsert) stays as it is.
-- The queries are in src/db/repositories/fundSearch.ts.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the wrapper
-- safe to declare IMMUTABLE, which generated columns and index expressions require.
CREATE FUNCTION f_unaccent(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- The one normalisation both the stored text and the query go through: no accents, lower case, '' for null.
CREATE FUNCTION fund_search_norm(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(public.f_unaccent(coalesce($1, ''))) $$;

-- The lexemes of a text as the stored tsvectors have them (same normalisation, same 'simple' parser).
CREATE FUNCTION fund_search_lexemes(text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT tsvector_to_array(to_tsvector('simple', public.fund_search_norm($1))) $$;

-- One lexeme as a tsquery operand, quoted verbatim (never parsed again), a prefix from two characters
-- on (type-ahead: "vang" finds "Vanguard").
CREATE FUNCTION fund_search_operand(lexeme text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''' || CASE WHEN length(lexeme) > 1 THEN ':*' ELSE '' END $$;

-- A query as a tsquery: every lexeme must match, in any order. NULL when the query has none.
-- IMMUTABLE, so with the query bound as a constant the planner folds it and estimates from the real words.
CREATE FUNCTION fund_search_tsquery(query text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT string_agg(public.fund_search_operand(lexeme), ' & ')::tsquery FROM unnest(public.fund_search_lexemes(query)) AS lexeme $$;

-- A LIKE pattern for "contains this text", with LIKE's own wildcards taken literally.
CREATE FUNCTION fund_search_contains(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT '%' || replace(replace(replace($1, '\', '\\'), '%', '\%'), '_', '\_') || '%' $$;

-- What a search hit shows from the payload (spec 2.6), '' as null. Read from this small column, a hit
-- never detoasts and parses the whole payload (about 1 ms each for a 20 KB FundData).
-- IMMUTABLE holds: json in, jsonb of its text values out, nothing that depends on settings.
CREATE FUNCTION fund_search_hit(payload json) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT jsonb_build_object(
    'issuer', nullif(doc #>> '{keyFacts,manager}', ''),
    'currency', nullif(doc #>> '{keyFacts,currency}', ''),
    'assetClass', nullif(doc #>> '{keyFacts,assetClass}', ''),
    'shareClass', nullif(doc ->> 'shareClass', ''),
    'income', nullif(doc #>> '{keyFacts,distribution}', ''),
    'category', nullif(doc #>> '{profile,category}', ''))
  FROM (SELECT payload::jsonb AS doc) parsed  -- parsed once, not once per field
$$;

ALTER TABLE funds
  ADD COLUMN search_hit jsonb GENERATED ALWAYS AS (fund_search_hit(payload)) STORED,
  ADD COLUMN search_name text GENERATED ALWAYS AS (fund_search_norm(name)) STORED,
  ADD COLUMN search_issuer text GENERATED ALWAYS AS (fund_search_norm(payload -> 'keyFacts' ->> 'manager')) STORED,
  -- Two vectors rather than one weighted: GIN keeps no weights, so "every word in the name" on a weighted
  -- one would recheck every fund whose issuer has the words ("asset management") to keep none.
  ADD COLUMN search_name_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', fund_search_norm(name))) STORED,
  ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', fund_search_norm(name) || ' ' || fund_search_norm(payload -> 'keyFacts' ->> 'manager'))
  ) STORED;

CREATE INDEX funds_search_name_words ON funds USING gin (search_name_words);
CREATE INDEX funds_search_words ON funds USING gin (search_words);
CREATE INDEX funds_search_name_trgm ON funds USING gin (search_name gin_trgm_ops);
CREATE INDEX funds_search_issuer_trgm ON funds USING gin (search_issuer gin_trgm_ops);
-- Name matches come shortest name first, then by name and ISIN: a query most funds match ("fund") reads
-- the first rows in this order instead of sorting thousands of matches.
CREATE INDEX funds_search_name_order ON funds (length(search_name), name, isin);
-- ISIN-prefix matches come by name: "LU" (a third of a real universe) reads its first ones in this order.
CREATE INDEX funds_search_by_name ON funds (name, isin);
-- The primary key serves LIKE 'prefix%' only under the C collation; this one under any collation.
CREATE INDEX funds_isin_prefix ON funds (isin text_pattern_ops);

-- Every word of every stored name and issuer, for typo correction: a misspelt query word is compared by
-- trigram similarity with these (thousands), not with every fund's text (tens of thousands, longer).
CREATE TABLE fund_search_vocabulary (word text COLLATE "C" PRIMARY KEY);
CREATE INDEX fund_search_vocabulary_trgm ON fund_search_vocabulary USING gin (word gin_trgm_ops);

-- Words are only ever added: one whose funds are gone costs a row, and a correction to it finds nothing.
-- In word order, so that concurrent loads adding the same new words wait for each other, never deadlock.
CREATE FUNCTION fund_search_vocabulary_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fund_search_vocabulary (word)
  SELECT lexeme FROM unnest(NEW.search_words) WHERE length(lexeme) >= 3 ORDER BY lexeme COLLATE "C"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE TRIGGER funds_search_vocabulary AFTER INSERT OR UPDATE OF name, payload ON funds
FOR EACH ROW EXECUTE FUNCTION fund_search_vocabulary_add();

INSERT INTO fund_search_vocabulary (word)
SELECT DISTINCT lexeme FROM funds, unnest(search_words) WHERE length(lexeme) >= 3
ON CONFLICT DO NOTHING;

-- Down Migration
-- Loses only what the up derives from the stored funds (search columns, vocabulary): the up rebuilds it.

DROP TRIGGER IF EXISTS funds_search_vocabulary ON funds;
DROP FUNCTION IF EXISTS fund_search_vocabulary_add();
DROP TABLE IF EXISTS fund_search_vocabulary;
DROP INDEX IF EXISTS funds_isin_prefix;
DROP INDEX IF EXISTS funds_search_by_name;
DROP INDEX IF EXISTS funds_search_name_order;
DROP INDEX IF EXISTS funds_search_issuer_trgm;
DROP INDEX IF EXISTS funds_search_name_trgm;
DROP INDEX IF EXISTS funds_search_words;
DROP INDEX IF EXISTS funds_search_name_words;
ALTER TABLE funds
  DROP COLUMN IF EXISTS search_words, DROP COLUMN IF EXISTS search_name_words, DROP COLUMN IF EXISTS search_issuer,
  DROP COLUMN IF EXISTS search_name, DROP COLUMN IF EXISTS search_hit;
DROP FUNCTION IF EXISTS fund_search_hit(json);
DROP FUNCTION IF EXISTS fund_search_contains(text);
DROP FUNCTION IF EXISTS fund_search_tsquery(text);
DROP FUNCTION IF EXISTS fund_search_operand(text);
DROP FUNCTION IF EXISTS fund_search_lexemes(text);
DROP FUNCTION IF EXISTS fund_search_norm(text);
DROP FUNCTION IF EXISTS f_unaccent(text);
DROP EXTENSION IF EXISTS pg_trgm;
DROP EXTENSION IF EXISTS unaccent;
