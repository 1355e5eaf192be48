import type { Pool } from 'pg';

import type { FundMatch, FundSearch } from '../../usecases/ports/funds';

/**
 * GET /search over the stored funds, on the generated columns, indexes and vocabulary of migration
 * 1700000000004_fund-search. The ranking is a cascade of steps, best kind of match first:
 *
 *   1. the exact ISIN                                   2. ISIN prefix
 *   3. every query word starts a word of the name       4. the name contains the query
 *   5. every query word starts a word of name or issuer 6. the issuer contains the query
 *   7. typo-tolerant: misspelt words replaced by the closest known word, then by any close one
 *
 * Within a step, the shortest name (issuer in 5 and 6) first: all of the query is in it, so the shorter,
 * the closer to the query. Then name, then ISIN, so the order is deterministic. Each step is one
 * index-backed query that skips what earlier steps found and asks only for the hits still missing, and
 * the cascade stops once `limit` is reached: a common query never pays for the steps below it. Each step
 * reads its matches (few), or the start of its order (many), or every match sorted: see firstInOrder.
 *
 * The whole cascade is one round trip: fund_search_cascade (migration 1700000000016) runs the steps' statements in
 * order, each planned for its own values, and skips a word step whose words no stored fund has (an ISIN, a typo)
 * without planning it. The statements stay here.
 */
export class FundSearchRepository implements FundSearch {
  constructor(private readonly pool: Pool) {}

  async search(query: string, limit: number): Promise<FundMatch[]> {
    const isin = isinPrefixOf(query);
    const steps: { sql: string; term: string | null; guard?: string; corrected?: 1 | 2 }[] = [
      { sql: EXACT_ISIN, term: isin?.length === ISIN_LENGTH ? isin : null },
      // Every ISIN has 12 characters: a whole one as a prefix finds that ISIN only, the exact step's.
      { sql: ISIN_PREFIX, term: isin && isin.length < ISIN_LENGTH ? isin : null },
      { sql: NAME_WORDS, term: query, guard: WORDS_KNOWN },
      { sql: NAME_CONTAINS, term: query },
      { sql: ISSUER_WORDS, term: query, guard: WORDS_KNOWN },
      { sql: ISSUER_CONTAINS, term: query },
      // The typo steps: the query with each misspelt word replaced by its closest known word, then by any close one.
      { sql: CORRECTED_WORDS, term: null, corrected: 1 },
      { sql: CORRECTED_WORDS, term: null, corrected: 2 },
    ];
    const { rows } = await this.pool.query<HitRow>(
      'SELECT isin, name, search_hit, data_as_of FROM fund_search_cascade($1, $2, $3, $4, $5, $6, $7)',
      [
        query,
        limit,
        steps.map((step) => step.sql),
        steps.map((step) => step.term),
        steps.map((step) => step.guard ?? null),
        steps.map((step) => step.corrected ?? null),
        CORRECTED_QUERIES,
      ],
    );
    return rows.map(toMatch);
  }
}

interface HitRow {
  isin: string;
  name: string | null;
  /** Generated from the payload, '' already null: issuer, currency, assetClass, shareClass, income, category. */
  search_hit: Omit<FundMatch, 'isin' | 'name' | 'dataAsOf'>;
  data_as_of: string;
}

function toMatch(row: HitRow): FundMatch {
  const shown = row.search_hit;
  return {
    isin: row.isin,
    name: row.name || null,
    issuer: shown.issuer,
    currency: shown.currency,
    assetClass: shown.assetClass,
    shareClass: shown.shareClass,
    income: shown.income,
    category: shown.category,
    dataAsOf: row.data_as_of || null,
  };
}

const ISIN_LENGTH = 12;

/**
 * The query upper-cased when it could begin an ISIN (two letters, then letters or digits, a digit twelfth), else null.
 */
function isinPrefixOf(query: string): string | null {
  const candidate = query.toUpperCase();
  return /^[A-Z]{2}(?:[A-Z0-9]{0,9}|[A-Z0-9]{9}[0-9])$/.test(candidate) ? candidate : null;
}

/**
 * A query word is taken for a typo only when it has three letters or more and no digit (an ISIN, a
 * year or a code is never "corrected") and starts no known word (then it is type-ahead). It is replaced
 * by known words at least this similar (pg_trgm similarity, shared trigrams over all trigrams:
 * "vangard"/"vanguard" 0.55, "glbal"/"global" 0.44, "wrld"/"world" 0.38).
 */
const TYPO_MIN_SIMILARITY = 0.35;
/** How many close known words stand in for one misspelt word in the last step. */
const TYPO_ALTERNATIVES = 3;
/**
 * A step on a covering index's order first reads this many entries of it per missing hit, from where its matches can
 * begin (index-only, 100 entries well under a millisecond): a word most funds share finds its hits there, without
 * reading its matches through the GIN index (a prefix such as "equity:*" & "europe:*" builds a bitmap of all 10,000 of
 * them there, about 19 ms at 200,000 funds on the busy machine, where 180 entries of the walk held the first 10).
 */
const PROBE_ROWS_PER_HIT = 100;
/**
 * Then it reads at most this many matches per missing hit through its condition's index: when that is all of
 * them (a rare word), it sorts them and is done.
 */
const FEW_PER_HIT = 10;
/**
 * Else it walks at most this many entries of its order's covering index per missing hit (index-only, 0.3-0.5 µs an
 * entry: 40,000 for 10 hits, 12-20 ms at worst on 2 busy cores): a query most funds match ("fund", "LU", "euro")
 * finds its first hits there. Only when they hold fewer does it sort every match.
 */
const WALK_ROWS_PER_HIT = 4_000;

// The orders within a step (an index serves each) and the columns the conditions read on the walk.
interface Order {
  /** The order, as its index has it. */
  keys: string;
  /** Its first key, carried as sort_key (then name, isin). */
  sortKey: string;
  /** The columns the conditions read on the walk beyond isin and name (in the index, for an index-only scan). */
  walked: string[];
  /** Its index holds only the funds of SHORT_TEXTS (partial: an index entry has a maximum size). */
  covered: boolean;
}
/**
 * The funds the covering indexes of migration 1700000000015 hold (their predicate, repeated so the planner uses them):
 * name and issuer short enough that an entry with their words fits in an index page.
 */
const SHORT_TEXTS = '(octet_length(search_name) + octet_length(search_issuer) <= 400)';
const BY_NAME_LENGTH: Order = {
  keys: 'length(search_name), name, isin',
  sortKey: 'length(search_name)',
  walked: ['search_name', 'search_name_words', 'search_words'],
  covered: true,
};
const BY_NAME: Order = { keys: 'name, isin', sortKey: '0', walked: [], covered: false };
const BY_ISSUER_LENGTH: Order = {
  keys: 'length(search_issuer), name, isin',
  sortKey: 'length(search_issuer)',
  walked: ['search_issuer', 'search_words'],
  covered: true,
};
const HIT_COLUMNS = 'f.isin, f.name, f.search_hit, f.data_as_of';

/**
 * The steps' SQL. Parameters: $1 the term (query, ISIN prefix, or corrected tsquery text), $2 the ISINs
 * already found, $3 how many hits are still needed, $4 where the corrected query's matches begin (see
 * CORRECTED_QUERIES; 0 for the other steps, which work out their own start from $1), $5 the words steps' term as the
 * GIN indexes read it best (from WORDS_KNOWN or CORRECTED_QUERIES; NULL for the other steps).
 */
const EXACT_ISIN = `SELECT ${HIT_COLUMNS} FROM funds f WHERE f.isin = $1 AND f.isin <> ALL($2) LIMIT $3`;
const ISIN_PREFIX = firstInOrder(`isin LIKE $1 || '%'`, BY_NAME);
// A name or issuer that contains the query is at least as long as the query.
const CONTAINS_START = 'length(fund_search_norm($1))';
const NAME_WORDS = firstInOrder(
  `search_name_words @@ fund_search_tsquery($1)`,
  BY_NAME_LENGTH,
  '(SELECT name_length FROM fund_search_start($1))',
  `search_name_words @@ $5::tsquery`,
);
const NAME_CONTAINS = firstInOrder(
  `length(fund_search_norm($1)) >= 3 AND search_name LIKE fund_search_contains(fund_search_norm($1))`,
  BY_NAME_LENGTH,
  CONTAINS_START,
);
const ISSUER_WORDS = firstInOrder(
  `search_words @@ fund_search_tsquery($1)`,
  BY_ISSUER_LENGTH,
  '(SELECT issuer_length FROM fund_search_start($1))',
  `search_words @@ $5::tsquery`,
);
const ISSUER_CONTAINS = firstInOrder(
  `length(fund_search_norm($1)) >= 3 AND search_issuer LIKE fund_search_contains(fund_search_norm($1))`,
  BY_ISSUER_LENGTH,
  CONTAINS_START,
);
const CORRECTED_WORDS = firstInOrder(
  `search_words @@ $1::tsquery`,
  BY_NAME_LENGTH,
  '$4::int',
  `search_words @@ $5::tsquery`,
);
/**
 * The guard of the word steps: false when a query word of three characters or more starts no known word (an ISIN, a
 * typo), so that no fund can match them; the step is then skipped unplanned. With it, the query for the GIN indexes
 * ($5): each prefix replaced by the known words it starts (fund_search_indexed_tsquery).
 */
const WORDS_KNOWN = 'SELECT s.possible, fund_search_indexed_tsquery($1)::text FROM fund_search_start($1) s';

/**
 * The first $3 matches of `condition` in the order `keys`, whatever the number of matches:
 *
 * - `probe`, for the word steps only: the first $3 * PROBE_ROWS_PER_HIT entries of the order's covering index from
 *   `start` on (see walk). When they hold $3 matches, the step ends there: a word most funds share.
 * - `few`: the matches through the condition's own index (GIN, trigram or ISIN prefix), at most $3 * FEW_PER_HIT + 1
 *   of them. When that is all of them, they are sorted and the step ends there: a rare word reads a few rows. The
 *   limit of a word step is a subquery so the planner does not know it: with it known, a word of a few thousand funds
 *   was planned as a sequential scan expected to stop early (14 ms on the wide rows) instead of its GIN index.
 * - `walk`, only when there are more: the order's covering index (`funds_search_name_walk`, `funds_search_issuer_walk`,
 *   `funds_search_by_name`) read as an index-only scan from `start` on, the condition checked on each entry, until $3
 *   match or $3 * WALK_ROWS_PER_HIT entries are read: a common word finds its first matches there. `start` is where
 *   the matches can begin in the order (a lower bound of its first key): for words, the shortest name or issuer any
 *   fund with the word has ever had (fund_search_start, migration 1700000000016); for "contains", the query's length.
 *   A word whose matches all have long names ("marchés émergents") no longer walks past thousands of shorter names
 *   that cannot match. The two covering indexes leave out the funds whose name and issuer are too long for an index
 *   entry (SHORT_TEXTS, none in practice); those that match are merged in (`long_texts`).
 * - `every_match`, only when the walk fell short (many matches, none among the first names: long words make long
 *   names): every match sorted. MATERIALIZED, so it reads the condition's index, never the order with a filter.
 *
 * `indexed`, for the word steps, is the condition as the GIN indexes read it best (few, every_match): the same query
 * with each prefix replaced by the known words it starts (see fund_search_indexed_operand), which the walk does not
 * need.
 *
 * Only the keys are carried; the hits' own columns are read for the winners.
 */
function firstInOrder(condition: string, order: Order, start?: string, indexed?: string): string {
  const carried = `isin, name, ${order.sortKey} AS sort_key`;
  const sorted = 'sort_key, name, isin';
  // Only the word steps probe (those given `indexed`): the ISIN prefix's own index reads its first matches in order,
  // and a "contains" step is reached by queries that match few names or none (an ISIN, a typo), where a probe is waste.
  const probed = indexed !== undefined;
  indexed ??= condition;
  const probeFilled = '(SELECT count(*) FROM probe) = $3';
  const many = `(SELECT count(*) FROM few) > $3 * ${FEW_PER_HIT}`;
  const walkFilled = '(SELECT count(*) FROM walk) = $3';
  // The ISIN prefix's own index reads its first matches in order: there the planner may know the limit.
  const fewLimit = order === BY_NAME ? `$3 * ${FEW_PER_HIT} + 1` : `(SELECT $3 * ${FEW_PER_HIT} + 1)`;
  // The first `entries` entries of the order from `start` on (when `gate` holds), then the first $3 matches in them.
  const walkFrom = (gate: string, entries: string) => `
      SELECT isin, name, sort_key FROM (
        SELECT ${[carried, ...order.walked].join(', ')} FROM funds
        WHERE ${gate}${order.covered ? ` AND ${SHORT_TEXTS}` : ''}${start ? ` AND ${order.sortKey} >= ${start}` : ''}
        ORDER BY ${order.keys} LIMIT ${entries}
      ) first_rows
      WHERE ${condition} AND isin <> ALL($2)
      ORDER BY ${order === BY_NAME ? 'name, isin' : sorted} LIMIT $3`;
  const probe = probed
    ? `probe AS MATERIALIZED (${walkFrom('true', `$3 * ${PROBE_ROWS_PER_HIT}`)}
    ),
    `
    : '';
  return `
    WITH ${probe}few AS MATERIALIZED (
      SELECT ${carried} FROM funds
      WHERE ${indexed} AND isin <> ALL($2)${probed ? ` AND NOT ${probeFilled}` : ''} LIMIT ${fewLimit}
    ),
    walk AS MATERIALIZED (${walkFrom(many, `$3 * ${WALK_ROWS_PER_HIT}`)}
    ),
    early AS (
      SELECT * FROM walk WHERE ${walkFilled}${
        probed
          ? `
      UNION ALL
      SELECT * FROM probe WHERE ${probeFilled}`
          : ''
      }${
        order.covered
          ? `
      UNION ALL
      SELECT ${carried} FROM funds
      WHERE NOT ${SHORT_TEXTS} AND ${indexed} AND isin <> ALL($2) AND (${walkFilled}${probed ? ` OR ${probeFilled}` : ''})`
          : ''
      }
    ),
    every_match AS MATERIALIZED (
      SELECT ${carried} FROM funds
      WHERE ${indexed} AND isin <> ALL($2) AND ${many} AND NOT ${walkFilled}
    ),
    best AS (
      SELECT isin, row_number() OVER (ORDER BY ${sorted}) AS position FROM (
        (SELECT * FROM few WHERE NOT ${many} ORDER BY ${sorted} LIMIT $3)
        UNION ALL
        (SELECT * FROM early ORDER BY ${sorted} LIMIT $3)
        UNION ALL
        (SELECT * FROM every_match ORDER BY ${sorted} LIMIT $3)
      ) found
    )
    SELECT ${HIT_COLUMNS} FROM best JOIN funds f USING (isin) ORDER BY best.position`;
}

/**
 * The query as tsquery text for the typo steps: each misspelt lexeme replaced by its closest known word
 * (`closest`), or by any of its TYPO_ALTERNATIVES closest (`any_close`), the other lexemes kept as prefixes; both null
 * when no lexeme is misspelt. `%` lets the vocabulary's trigram index find candidates (similarity above
 * pg_trgm.similarity_threshold, 0.3 by default); TYPO_MIN_SIMILARITY is the similarity required. With each, where its
 * matches begin in the name-length order (`closest_start`, `any_close_start`, as fund_search_start: the largest bound
 * over the lexemes, for a lexeme with alternatives the least of theirs), and each as the GIN indexes read it best
 * (`closest_indexed`, `any_close_indexed`: see fund_search_indexed_operand). fund_search_cascade runs it with $1 the
 * query.
 */
const CORRECTED_QUERIES = `
  WITH query_lexemes AS (
    SELECT DISTINCT lexeme FROM unnest(fund_search_lexemes($1)) AS lexeme
  ),
  corrections AS (
    SELECT q.lexeme, c.word, c.rank
    FROM query_lexemes q
    CROSS JOIN LATERAL (
      SELECT v.word, row_number() OVER (ORDER BY similarity(v.word, q.lexeme) DESC, v.word) AS rank
      FROM fund_search_vocabulary v
      WHERE v.word % q.lexeme AND similarity(v.word, q.lexeme) >= ${TYPO_MIN_SIMILARITY}::real
      ORDER BY similarity(v.word, q.lexeme) DESC, v.word
      LIMIT ${TYPO_ALTERNATIVES}
    ) c
    WHERE length(q.lexeme) >= 3 AND q.lexeme !~ '[0-9]'
      -- the first known word from the lexeme on (one primary-key probe) does not start with it
      AND NOT coalesce(starts_with((SELECT v.word FROM fund_search_vocabulary v WHERE v.word >= q.lexeme COLLATE "C" ORDER BY v.word LIMIT 1), q.lexeme), false)
  ),
  operands AS (
    SELECT
      coalesce((SELECT fund_search_operand(c.word) FROM corrections c WHERE c.lexeme = q.lexeme AND c.rank = 1),
               fund_search_operand(q.lexeme)) AS closest,
      coalesce((SELECT CASE WHEN count(*) = 1 THEN min(fund_search_operand(c.word))
                            ELSE '(' || string_agg(fund_search_operand(c.word), ' | ' ORDER BY c.rank) || ')' END
                FROM corrections c WHERE c.lexeme = q.lexeme),
               fund_search_operand(q.lexeme)) AS any_close,
      coalesce((SELECT fund_search_indexed_operand(c.word) FROM corrections c WHERE c.lexeme = q.lexeme AND c.rank = 1),
               fund_search_indexed_operand(q.lexeme)) AS closest_indexed,
      coalesce((SELECT CASE WHEN count(*) = 1 THEN min(fund_search_indexed_operand(c.word))
                            ELSE '(' || string_agg(fund_search_indexed_operand(c.word), ' | ' ORDER BY c.rank) || ')' END
                FROM corrections c WHERE c.lexeme = q.lexeme),
               fund_search_indexed_operand(q.lexeme)) AS any_close_indexed,
      CASE WHEN EXISTS (SELECT FROM corrections c WHERE c.lexeme = q.lexeme)
           THEN (SELECT (fund_search_word_start(c.word)).name_length FROM corrections c
                 WHERE c.lexeme = q.lexeme AND c.rank = 1)
           ELSE (fund_search_word_start(q.lexeme)).name_length END AS closest_start,
      CASE WHEN EXISTS (SELECT FROM corrections c WHERE c.lexeme = q.lexeme)
           THEN (SELECT min((fund_search_word_start(c.word)).name_length) FROM corrections c WHERE c.lexeme = q.lexeme)
           ELSE (fund_search_word_start(q.lexeme)).name_length END AS any_close_start
    FROM query_lexemes q
  )
  SELECT string_agg(closest, ' & ') AS closest, string_agg(any_close, ' & ') AS any_close,
         string_agg(closest_indexed, ' & ') AS closest_indexed, string_agg(any_close_indexed, ' & ') AS any_close_indexed,
         coalesce(max(closest_start), 0) AS closest_start, coalesce(max(any_close_start), 0) AS any_close_start
  FROM operands
  WHERE EXISTS (SELECT 1 FROM corrections)`;
