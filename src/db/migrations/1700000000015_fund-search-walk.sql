-- Up Migration

-- GET /search at 200,000 funds (issue 27). A step of the search (src/db/repositories/fundSearch.ts, firstInOrder)
-- whose word most funds share walks its order from the start and checks each entry, until it has its hits. Read
-- from the table, each entry cost a heap row of about 1.8 KB (payload, summary); these covering indexes hold the
-- order's keys and the columns the conditions read, so the walk is an index-only scan (0.3-0.5 µs an entry instead
-- of several). They replace funds_search_name_order (same keys, nothing included).
--
-- An index entry has a maximum size (about 2.7 KB): a fund whose name and issuer are too long to fit (none in
-- practice, but a misread manager could be a paragraph) is left out of the covering indexes by their predicate, which
-- the queries repeat, and found through funds_search_long_texts instead, so that no write is ever refused.
CREATE INDEX funds_search_name_walk ON funds (length(search_name), name, isin)
  INCLUDE (search_name, search_name_words, search_words)
  WHERE octet_length(search_name) + octet_length(search_issuer) <= 400;
CREATE INDEX funds_search_issuer_walk ON funds (length(search_issuer), name, isin)
  INCLUDE (search_issuer, search_words)
  WHERE octet_length(search_name) + octet_length(search_issuer) <= 400;
CREATE INDEX funds_search_long_texts ON funds (isin)
  WHERE NOT (octet_length(search_name) + octet_length(search_issuer) <= 400);
DROP INDEX IF EXISTS funds_search_name_order;

-- Down Migration

CREATE INDEX IF NOT EXISTS funds_search_name_order ON funds (length(search_name), name, isin);
DROP INDEX IF EXISTS funds_search_long_texts;
DROP INDEX IF EXISTS funds_search_issuer_walk;
DROP INDEX IF EXISTS funds_search_name_walk;
