import { ExportQuery } from './export';

const parse = (query: Record<string, unknown>) => ExportQuery.safeParse(query);
const messages = (query: Record<string, unknown>) => {
  const result = parse(query);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('ExportQuery', () => {
  it('takes no parameter at all: everything stored', () => {
    expect(parse({})).toEqual({ success: true, data: {} });
  });

  it('trims the text filters, upper-cases the currency, reads since to the microsecond, and drops unknown parameters', () => {
    expect(
      parse({
        issuer: '  Société Générale Gestion ',
        assetClass: ' Equity',
        currency: ' eur ',
        since: '2026-11-23T10:00:00.123456+01:00',
        gzip: '1',
        limit: '5',
      }),
    ).toEqual({
      success: true,
      data: {
        issuer: 'Société Générale Gestion',
        assetClass: 'Equity',
        currency: 'EUR',
        since: Date.parse('2026-11-23T09:00:00Z') * 1000 + 123456,
        gzip: '1',
      },
    });
  });

  it.each([
    [{ issuer: ['a', 'b'] }, 'issuer must be sent once, as text'],
    [{ assetClass: ['Equity', 'Equity'] }, 'assetClass must be sent once, as text'],
    [{ currency: ['EUR', 'USD'] }, 'currency must be sent once, as text'],
    [{ since: ['2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z'] }, 'since must be sent once, as text'],
    [{ gzip: ['1', '1'] }, 'gzip must be 0 or 1'],
    [{ issuer: '   ' }, 'issuer must not be empty'],
    [{ issuer: 'x'.repeat(201) }, 'issuer must have at most 200 characters'],
    [{ assetClass: 'Equity\u0000' }, 'assetClass must not contain control characters'],
    [{ currency: 'EURO' }, 'currency must be a three-letter code such as EUR'],
    [{ currency: 'E1R' }, 'currency must be a three-letter code such as EUR'],
    [{ since: '2026-11-23' }, expect.stringMatching(/^since must be an ISO 8601 date-time with a zone/)],
    [{ since: '2026-11-23T10:00:00' }, expect.stringMatching(/^since must be an ISO 8601 date-time with a zone/)],
    [{ since: '2026-11-23 10:00:00Z' }, expect.stringMatching(/^since must be an ISO 8601 date-time with a zone/)],
    [{ gzip: 'yes' }, 'gzip must be 0 or 1'],
  ])('refuses %j: %s', (query, message) => {
    expect(messages(query)).toEqual([message]);
  });
});
