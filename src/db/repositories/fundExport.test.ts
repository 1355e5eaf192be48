import { EXPORT_SQL_MARKER, exportSlots, exportStatement } from './fundExport';

const NONE = { issuer: null, assetClass: null, currency: null, generatedAfterUs: null };
const SELECT = `SELECT /* ${EXPORT_SQL_MARKER} */ isin, name, generated_at, expires_at, payload::text AS payload_json FROM funds`;

describe('exportStatement', () => {
  it('reads every fund in ISIN order when nothing is filtered, the payload as its stored text', () => {
    expect(exportStatement(NONE)).toEqual({ text: `${SELECT} ORDER BY isin`, values: [] });
  });

  it('adds only the filters given, each as a bound parameter, numbered in order', () => {
    expect(exportStatement({ ...NONE, currency: 'EUR' })).toEqual({
      text: `${SELECT} WHERE upper(search_hit ->> 'currency') = $1 ORDER BY isin`,
      values: ['EUR'],
    });
    expect(
      exportStatement({
        issuer: "O'Brien & Co",
        assetClass: 'Equity',
        currency: 'USD',
        generatedAfterUs: Date.parse('2026-11-23T10:00:00Z') * 1000 + 7,
      }),
    ).toEqual({
      text:
        `${SELECT} WHERE search_issuer = fund_search_norm($1) AND fund_search_norm(search_hit ->> 'assetClass') = fund_search_norm($2)` +
        ` AND upper(search_hit ->> 'currency') = $3 AND generated_at > $4::timestamptz ORDER BY isin`,
      values: ["O'Brien & Co", 'Equity', 'USD', '2026-11-23T10:00:00.000007Z'],
    });
  });
});

describe('exportSlots', () => {
  it('leaves three quarters of the pool to every other request, and allows at least one export', () => {
    expect([1, 3, 4, 10, 20, 200].map(exportSlots)).toEqual([1, 1, 1, 2, 5, 50]);
  });
});
