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
 * the cascade stops once `limit` is reached: a common query never pays for the steps below it.
 */
export class FundSearchRepository implements FundSearch {
  constructor(private readonly pool: Pool) {}

  async search(query: string, limit: number): Promise<FundMatch[]> {
    const hits: HitRow[] = [];
    for (const step of this.steps(query)) {
      const need = limit - hits.length;
      if (need <= 0) break;
      hits.push(
        ...(await step(
          need,
          hits.map((hit) => hit.isin),
        )),
      );
    }
    return hits.map(toMatch);
  }

  private steps(query: string): Step[] {
    const isin = isinPrefixOf(query);
    const corrected = once(() => this.correctedQueries(query));
    return [
      this.step(EXACT_ISIN, () => Promise.resolve(isin?.length === ISIN_LENGTH ? isin : null)),
      this.step(ISIN_PREFIX, () => Promise.resolve(isin)),
      this.step(NAME_WORDS, () => Promise.resolve(query)),
      this.step(NAME_CONTAINS, () => Promise.resolve(query)),
      this.step(ISSUER_WORDS, () => Promise.resolve(query)),
      this.step(ISSUER_CONTAINS, () => Promise.resolve(query)),
      this.step(CORRECTED_WORDS, async () => (await corrected())?.closest ?? null),
      this.step(CORRECTED_WORDS, async () => {
        const queries = await corrected();
        return queries && queries.anyClose !== queries.closest ? queries.anyClose : null;
      }),
    ];
  }

  /** A step running `sql` with the term `termOf` gives as $1; skipped (no hits) when the term is null. */
  private step(sql: string, termOf: () => Promise<string | null>): Step {
    return async (need, seen) => {
      const term = await termOf();
      if (term === null) return [];
      return (await this.pool.query<HitRow>(sql, [term, seen, need])).rows;
    };
  }

  /** The query with its misspelt words corrected from the vocabulary, as tsquery text; null when no word needs it. */
  private async correctedQueries(query: string): Promise<CorrectedQueries | null> {
    const { rows } = await this.pool.query<{ closest: string | null; any_close: string | null }>(CORRECTED_QUERIES, [
      query,
      TYPO_MIN_SIMILARITY,
      TYPO_ALTERNATIVES,
    ]);
    const { closest, any_close: anyClose } = rows[0];
    return closest && anyClose ? { closest, anyClose } : null;
  }
}

/** One step: its matches not in `seen`, best first, at most `need`. */
type Step = (need: number, seen: string[]) => Promise<HitRow[]>;

/** Each misspelt word replaced by its closest known word, or by any of its close ones (`a & (b | c)`). */
interface CorrectedQueries {
  closest: string;
  anyClose: string;
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

function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= compute());
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
 * Steps in an index order first read this many rows of that order per missing hit: a query most funds
 * match ("fund", "LU") finds its first hits there and reads nothing else. When they hold fewer, the
 * step reads every match through its GIN or prefix index and sorts them: then there are few.
 */
const FIRST_READ_ROWS_PER_HIT = 50;

// The orders within a step (an index serves the first two) and the columns they and the conditions read.
const BY_NAME_LENGTH = 'length(search_name), name, isin';
const BY_NAME = 'name, isin';
const BY_ISSUER_LENGTH = 'length(search_issuer), name, isin';
const SEARCH_COLUMNS = 'isin, name, search_name, search_issuer, search_name_words, search_words';
const HIT_COLUMNS = 'f.isin, f.name, f.search_hit, f.data_as_of';

/**
 * The steps' SQL. Parameters: $1 the term (query, ISIN prefix, or corrected tsquery text), $2 the ISINs
 * already found, $3 how many hits are still needed.
 */
const EXACT_ISIN = `SELECT ${HIT_COLUMNS} FROM funds f WHERE f.isin = $1 AND f.isin <> ALL($2) LIMIT $3`;
const ISIN_PREFIX = firstInOrder(`isin LIKE $1 || '%'`, BY_NAME);
const NAME_WORDS = firstInOrder(`search_name_words @@ fund_search_tsquery($1)`, BY_NAME_LENGTH);
const NAME_CONTAINS = firstInOrder(
  `length(fund_search_norm($1)) >= 3 AND search_name LIKE fund_search_contains(fund_search_norm($1))`,
  BY_NAME_LENGTH,
);
// Few funds share an issuer (hundreds, a few thousand at most): sorting them all is cheap enough.
const ISSUER_WORDS = allSorted(`search_words @@ fund_search_tsquery($1)`, BY_ISSUER_LENGTH);
const ISSUER_CONTAINS = allSorted(
  `length(fund_search_norm($1)) >= 3 AND search_issuer LIKE fund_search_contains(fund_search_norm($1))`,
  BY_ISSUER_LENGTH,
);
const CORRECTED_WORDS = firstInOrder(`search_words @@ $1::tsquery`, BY_NAME_LENGTH);

/**
 * The first $3 matches of `condition` in the index order `keys`. `early` reads the first rows of that
 * order and is kept when it holds all $3; otherwise `every_match` sorts every match (MATERIALIZED: a
 * fence, so it is planned to read the condition's index, never to walk the order index with a filter,
 * which misestimated rare words would make it do). Only the keys are carried; the hits' own columns
 * are read for the winners.
 */
function firstInOrder(condition: string, keys: string): string {
  return `
    WITH early AS (
      SELECT isin, name, search_name, search_issuer FROM (
        SELECT ${SEARCH_COLUMNS} FROM funds ORDER BY ${keys} LIMIT $3 * ${FIRST_READ_ROWS_PER_HIT}
      ) first_rows
      WHERE ${condition} AND isin <> ALL($2)
      ORDER BY ${keys} LIMIT $3
    ),
    every_match AS MATERIALIZED (
      SELECT isin, name, search_name, search_issuer FROM funds
      WHERE ${condition} AND isin <> ALL($2) AND (SELECT count(*) FROM early) < $3
    ),
    best AS (
      SELECT isin, row_number() OVER (ORDER BY ${keys}) AS position FROM (
        SELECT * FROM early WHERE (SELECT count(*) FROM early) = $3
        UNION ALL
        (SELECT * FROM every_match ORDER BY ${keys} LIMIT $3)
      ) found
    )
    SELECT ${HIT_COLUMNS} FROM best JOIN funds f USING (isin) ORDER BY best.position`;
}

/**
 * The first $3 matches of `condition` in the order `keys`, all matches sorted (keys only, the winners' columns read
 * after).
 */
function allSorted(condition: string, keys: string): string {
  return `
    WITH best AS (
      SELECT isin, row_number() OVER (ORDER BY ${keys}) AS position FROM (
        SELECT isin, name, search_name, search_issuer FROM funds
        WHERE ${condition} AND isin <> ALL($2)
        ORDER BY ${keys} LIMIT $3
      ) found
    )
    SELECT ${HIT_COLUMNS} FROM best JOIN funds f USING (isin) ORDER BY best.position`;
}

/**
 * The query as tsquery text for the typo steps: each misspelt lexeme replaced by its closest known word
 * (`closest`), or by any of its $3 closest (`any_close`), the other lexemes kept as prefixes; both null
 * when no lexeme is misspelt. `%` lets the vocabulary's trigram index find candidates (similarity above
 * pg_trgm.similarity_threshold, 0.3 by default); $2 is the similarity required.
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
      WHERE v.word % q.lexeme AND similarity(v.word, q.lexeme) >= $2
      ORDER BY similarity(v.word, q.lexeme) DESC, v.word
      LIMIT $3
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
               fund_search_operand(q.lexeme)) AS any_close
    FROM query_lexemes q
  )
  SELECT string_agg(closest, ' & ') AS closest, string_agg(any_close, ' & ') AS any_close
  FROM operands
  WHERE EXISTS (SELECT 1 FROM corrections)`;
