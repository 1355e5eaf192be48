import pino from 'pino';

import { CountingBilling } from '../../test/fixtures/countingBilling';
import { MemoryFundStore } from '../../test/fixtures/memoryFundStore';
import { getFund, type GetFundDeps } from './getFund';
import { DependencyUnavailableError, type LoadDependency } from './ports/dependencies';
import type { FundLoader, StoredFund } from './ports/funds';

let billing = new CountingBilling();
const getFundAt = (deps: GetFundDeps, isin: string, now: Date) => getFund(deps, isin, billing, now);
beforeEach(() => {
  billing = new CountingBilling();
});

const NOW = new Date('2026-11-23T12:00:00Z');
const ISIN = 'ZZSMPL000014';

function stored(expiresAt: Date): StoredFund {
  return {
    isin: ISIN,
    name: 'Sample',
    payload: Buffer.from('{}'),
    generatedAt: new Date(expiresAt.getTime() - 86_400_000),
    expiresAt,
  };
}

function deps(options: {
  stored?: StoredFund | null;
  load?: FundLoader['load'];
  down?: LoadDependency | null;
  afterLoad?: StoredFund | null;
  missing?: boolean;
}): GetFundDeps & { loads: number } {
  const state = { loads: 0 };
  const funds = new MemoryFundStore();
  if (options.stored) funds.stored.set(ISIN, options.stored);
  if (options.afterLoad) funds.afterLoad.set(ISIN, options.afterLoad);
  if (options.missing) funds.missing.add(ISIN);
  const loader: FundLoader = {
    load: (input, timeoutMs) => {
      state.loads++;
      return options.load ? options.load(input, timeoutMs) : Promise.reject(new Error('no load expected'));
    },
  };
  return Object.assign(state, {
    funds,
    loader,
    health: {
      firstDown: <N extends LoadDependency>(names: readonly N[]) => names.find((n) => n === options.down) ?? null,
    },
    loadTimeoutMs: 1000,
    log: pino({ level: 'silent' }),
  });
}

const fresh = stored(new Date(NOW.getTime() + 3_600_000));
const old = stored(new Date(NOW.getTime() - 3_600_000));

describe('getFund: the story of GET /funds/{isin}', () => {
  it('answers a remembered miss as not_found without loading, and charges the call', async () => {
    const d = deps({ missing: true });
    expect(await getFundAt(d, ISIN, NOW)).toMatchObject({ outcome: 'not_found' });
    expect(d.loads).toBe(0);
    expect(billing.charges).toBe(1);
  });

  it('serves a fresh payload without loading, even while Temporal is down', async () => {
    const d = deps({ stored: fresh, down: 'temporal' });
    expect(await getFundAt(d, ISIN, NOW)).toMatchObject({ outcome: 'found', cached: true, stale: false });
    expect(d.loads).toBe(0);
  });

  it('loads a missing fund and serves the new payload', async () => {
    const d = deps({ load: () => Promise.resolve({ status: 'ok', isin: ISIN, name: 'Sample' }), afterLoad: fresh });
    expect(await getFundAt(d, ISIN, NOW)).toMatchObject({ outcome: 'found', cached: false, stale: false });
  });

  it.each(['temporal', 'clickhouse'] as const)(
    'answers unavailable at once, without a load, while %s is down',
    async (down) => {
      const d = deps({ down });
      expect(await getFundAt(d, ISIN, NOW)).toEqual({ outcome: 'unavailable', dependency: down });
      expect(d.loads).toBe(0);
      expect(billing).toMatchObject({ charges: 1, refunds: 1 }); // our outage costs nothing
    },
  );

  it('serves the stale payload while a dependency of loads is down', async () => {
    const d = deps({ stored: old, down: 'clickhouse' });
    expect(await getFundAt(d, ISIN, NOW)).toMatchObject({ outcome: 'found', stale: true });
    expect(d.loads).toBe(0);
  });

  it('answers unavailable when the load finds Temporal gone, stale when it can', async () => {
    const lost = () => Promise.reject(new DependencyUnavailableError('temporal'));
    expect(await getFundAt(deps({ load: lost }), ISIN, NOW)).toEqual({
      outcome: 'unavailable',
      dependency: 'temporal',
    });
    expect(await getFundAt(deps({ load: lost, stored: old }), ISIN, NOW)).toMatchObject({
      outcome: 'found',
      stale: true,
    });
  });

  it('answers upstream_error for any other failed load with nothing stored', async () => {
    const failed = () => Promise.reject(new Error('activity failed'));
    expect(await getFundAt(deps({ load: failed }), ISIN, NOW)).toEqual({ outcome: 'upstream_error' });
    expect(billing).toMatchObject({ charges: 1, refunds: 0 }); // the contract counts a 502
  });

  it('answers not_found when the sources have nothing, stale when something was stored', async () => {
    const none = () => Promise.resolve({ status: 'not_found' as const, isin: ISIN, name: null });
    expect(await getFundAt(deps({ load: none }), ISIN, NOW)).toMatchObject({
      outcome: 'not_found',
      skeleton: { sources: {} },
    });
    expect(await getFundAt(deps({ load: none, stored: old }), ISIN, NOW)).toMatchObject({
      outcome: 'found',
      stale: true,
    });
  });
});
