import type { SearchHit, SearchQuery } from '../schema/search';
import type { FundMatch, FundSearch } from './ports/funds';

export interface SearchFundsDeps {
  search: FundSearch;
  /** Public fund page with `{isin}` in it (config FUND_PAGE_URL_TEMPLATE); null: pages are not published. */
  fundPageUrlTemplate: string | null;
}

export interface SearchOutcome {
  /** q as received, trimmed. */
  query: string;
  results: SearchHit[];
}

/**
 * The story of GET /search: the stored funds that match, best first, each with its public page. The
 * query was checked by the route and the call counted toward the burst (it costs no credit).
 */
export async function searchFunds(deps: SearchFundsDeps, { q, limit }: SearchQuery): Promise<SearchOutcome> {
  const matches = await deps.search.search(q, limit);
  return { query: q, results: matches.map((match) => asHit(match, deps.fundPageUrlTemplate)) };
}

function asHit(match: FundMatch, urlTemplate: string | null): SearchHit {
  return { ...match, url: urlTemplate === null ? null : fundPageUrl(urlTemplate, match.isin) };
}

/** The template with every `{isin}` replaced (ISINs are letters and digits; encoded all the same). */
export function fundPageUrl(template: string, isin: string): string {
  return template.replaceAll('{isin}', encodeURIComponent(isin));
}
