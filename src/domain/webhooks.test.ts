import { createHmac } from 'node:crypto';

import { endpointWants, signatureHeader, webhookEvents, webhookUrlProblem } from './webhooks';

describe('webhook URLs', () => {
  it.each([
    ['https://hooks.example.com/fund-data', false, null],
    ['http://hooks.example.com/x', false, 'only https URLs are accepted'],
    ['http://127.0.0.1:9999/hook', false, 'only https URLs are accepted'],
    ['http://127.0.0.1:9999/hook', true, null],
    ['http://localhost/hook', true, null],
    ['http://[::1]:8080/hook', true, null],
    ['http://10.0.0.1/hook', true, 'only https URLs are accepted'],
    ['ftp://example.com/x', false, 'scheme ftp: is not allowed; use https'],
    ['https://user:pw@example.com/', false, 'credentials in the URL are not allowed'],
    ['not a url', false, 'not an absolute URL'],
    [`https://example.com/${'a'.repeat(2100)}`, false, 'the URL is longer than 2048 characters'],
  ])('%s (loopback http allowed: %s): %s', (url, allow, problem) => {
    expect(webhookUrlProblem(url, allow)).toBe(problem);
  });
});

describe('delivery signatures', () => {
  it('signs "<t>.<body>" with HMAC-SHA256, hex, as t=...,v1=...', () => {
    const header = signatureHeader('whsec_test', '{"a":1}', 1_700_000_000.9);
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it('changes with the body, the time and the secret', () => {
    const base = signatureHeader('s', 'b', 1);
    expect(signatureHeader('s', 'c', 1)).not.toBe(base);
    expect(signatureHeader('s', 'b', 2)).not.toBe(base);
    expect(signatureHeader('t', 'b', 1)).not.toBe(base);
  });
});

describe('webhook events', () => {
  const row = (
    feedId: number,
    isin: string,
    event: 'fund.changed' | 'fund.refreshed',
    field: string,
    generatedAt = '2026-11-23T10:00:00.000Z',
  ) => ({
    feedId,
    isin,
    name: `Fund ${isin}`,
    event,
    field,
    old: 'a',
    new: 'b',
    dataAsOf: '2026-10-31',
    generatedAt,
    changedAt: `2026-11-23T10:00:00.00000${feedId}Z`,
  });
  const url = (isin: string) => `https://api.example/api/v1/funds/${isin}`;

  it('groups the changes of one refresh of one fund by event type, ids from the first feed id', () => {
    const events = webhookEvents(
      [
        row(3, 'A', 'fund.refreshed', 'dataAsOf'),
        row(1, 'A', 'fund.changed', 'riskRating'),
        row(2, 'A', 'fund.changed', 'keyFacts.aum'),
        row(4, 'B', 'fund.changed', 'riskRating'),
      ],
      url,
    );
    expect(events.map((e) => [e.id, e.isin, e.event, e.changes.map((c) => c.field)])).toEqual([
      ['evt_1', 'A', 'fund.changed', ['riskRating', 'keyFacts.aum']],
      ['evt_3', 'A', 'fund.refreshed', ['dataAsOf']],
      ['evt_4', 'B', 'fund.changed', ['riskRating']],
    ]);
    expect(events[0]).toMatchObject({
      createdAt: '2026-11-23T10:00:00.000001Z',
      url: 'https://api.example/api/v1/funds/A',
      dataAsOf: '2026-10-31',
      name: 'Fund A',
    });
  });

  it('keeps two refreshes of one fund apart', () => {
    expect(
      webhookEvents(
        [row(1, 'A', 'fund.changed', 'x'), row(2, 'A', 'fund.changed', 'x', '2026-11-24T10:00:00.000Z')],
        url,
      ),
    ).toHaveLength(2);
  });

  it.each([
    [{ events: ['fund.changed'], isins: null }, { event: 'fund.changed' as const, isin: 'A' }, true],
    [{ events: ['fund.changed'], isins: null }, { event: 'fund.refreshed' as const, isin: 'A' }, false],
    [
      { events: ['fund.changed', 'fund.refreshed'], isins: ['B'] },
      { event: 'fund.changed' as const, isin: 'A' },
      false,
    ],
    [{ events: ['fund.changed'], isins: ['A'] }, { event: 'fund.changed' as const, isin: 'A' }, true],
  ])('endpointWants(%j, %j) = %s', (endpoint, event, wanted) => {
    expect(endpointWants(endpoint, event)).toBe(wanted);
  });
});
