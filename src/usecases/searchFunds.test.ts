import type { FundMatch, FundSearch } from './ports/funds';
import { fundPageUrl, searchFunds } from './searchFunds';

function match(isin: string, name: string, issuer: string | null = 'Sample House'): FundMatch {
  return {
    isin,
    name,
    issuer,
    currency: 'EUR',
    assetClass: 'Equity',
    shareClass: null,
    income: 'Accumulating',
    category: null,
    dataAsOf: '2026-10-31',
  };
}

const STORED = [
  match('ZZSMPL000014', 'Sample Global Equity'),
  match('ZZSMPL000022', 'Sample Euro Bond'),
  match('ZZSMPL000030', 'Sample Global Bond', null),
];

/** Funds in memory, matched on a case-insensitive substring of the name, in stored order; records what it was asked. */
class InMemorySearch implements FundSearch {
  readonly calls: { query: string; limit: number }[] = [];

  constructor(private readonly funds: FundMatch[]) {}

  search(query: string, limit: number): Promise<FundMatch[]> {
    this.calls.push({ query, limit });
    return Promise.resolve(
      this.funds.filter((f) => f.name?.toLowerCase().includes(query.toLowerCase())).slice(0, limit),
    );
  }
}

describe('searchFunds: the story of GET /search', () => {
  it('answers the matches in the order the search ranked them, with the query as received', async () => {
    const search = new InMemorySearch(STORED);
    const outcome = await searchFunds({ search, fundPageUrlTemplate: null }, { q: 'global', limit: 10 });
    expect(outcome.query).toBe('global');
    expect(outcome.results.map((hit) => hit.isin)).toEqual(['ZZSMPL000014', 'ZZSMPL000030']);
    expect(search.calls).toEqual([{ query: 'global', limit: 10 }]);
  });

  it('passes the limit to the search and keeps every field of a match', async () => {
    const search = new InMemorySearch(STORED);
    const { results } = await searchFunds({ search, fundPageUrlTemplate: null }, { q: 'sample', limit: 1 });
    expect(search.calls[0].limit).toBe(1);
    expect(results).toEqual([{ ...STORED[0], url: null }]);
  });

  it("builds each hit's url from the configured template", async () => {
    const search = new InMemorySearch(STORED);
    const { results } = await searchFunds(
      { search, fundPageUrlTemplate: 'https://funds.example.com/fund/{isin}?ref=search' },
      { q: 'bond', limit: 10 },
    );
    expect(results.map((hit) => hit.url)).toEqual([
      'https://funds.example.com/fund/ZZSMPL000022?ref=search',
      'https://funds.example.com/fund/ZZSMPL000030?ref=search',
    ]);
  });

  it('answers no hits when nothing matches, without inventing any', async () => {
    const { results } = await searchFunds(
      { search: new InMemorySearch(STORED), fundPageUrlTemplate: 'https://x.example/{isin}' },
      { q: 'money market', limit: 10 },
    );
    expect(results).toEqual([]);
  });
});

describe('fundPageUrl', () => {
  it('replaces every {isin} and nothing else', () => {
    expect(fundPageUrl('https://x.example/{isin}/docs?isin={isin}&lang=en', 'ZZSMPL000014')).toBe(
      'https://x.example/ZZSMPL000014/docs?isin=ZZSMPL000014&lang=en',
    );
  });
});
