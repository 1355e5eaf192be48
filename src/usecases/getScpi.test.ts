import pino from 'pino';

import { CountingBilling } from '../../test/fixtures/countingBilling';
import { getScpi, type GetScpiDeps } from './getScpi';
import { DependencyUnavailableError, type LoadDependency } from './ports/dependencies';
import type { ScpiLoader, StoredScpi } from './ports/scpi';

const NOW = new Date('2026-11-23T12:00:00Z');
const SLUG = 'sample-bureaux-horizon';

function stored(expiresAt: Date): StoredScpi {
  return {
    slug: SLUG,
    isin: 'ZZSCPI000011',
    name: 'SCPI Sample Bureaux Horizon',
    payload: Buffer.from('{}'),
    generatedAt: new Date(expiresAt.getTime() - 86_400_000),
    expiresAt,
  };
}

interface Options {
  known?: boolean;
  stored?: StoredScpi | null;
  afterLoad?: StoredScpi | null;
  load?: ScpiLoader['load'];
  down?: LoadDependency | null;
}

function deps(o: Options): GetScpiDeps & { loads: string[] } {
  let current = o.stored ?? null;
  const loads: string[] = [];
  return {
    loads,
    scpi: {
      resolve: (id) => Promise.resolve(o.known !== false && (id === SLUG || id === 'ZZSCPI000011') ? SLUG : null),
      get: (slug) => Promise.resolve(slug === SLUG ? current : null),
      search: () => Promise.resolve([]),
    },
    loader: {
      load: async (request, timeoutMs) => {
        loads.push(request.slug);
        if (!o.load) throw new Error('no load expected');
        const result = await o.load(request, timeoutMs);
        if (o.afterLoad) current = o.afterLoad;
        return result;
      },
    },
    health: {
      firstDown: <N extends LoadDependency>(names: readonly N[]) => names.find((n) => n === o.down) ?? null,
    },
    loadTimeoutMs: 1000,
    log: pino({ level: 'silent' }),
    isSlug: (t) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(t),
    slugOf: (t) =>
      t
        .toLowerCase()
        .replace(/^scpi\s+/, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
  };
}

describe('getScpi', () => {
  it('serves a fresh payload from the store without a load, and charges once', async () => {
    const billing = new CountingBilling();
    const d = deps({ stored: stored(new Date(NOW.getTime() + 3600_000)) });
    expect(await getScpi(d, SLUG, billing, NOW)).toMatchObject({ outcome: 'found', cached: true, stale: false });
    expect(d.loads).toEqual([]);
    expect(billing.charges).toBe(1);
  });

  it('loads a cold SCPI through the loader, by its ISIN too', async () => {
    const d = deps({
      load: () => Promise.resolve({ status: 'ok' }),
      afterLoad: stored(new Date(NOW.getTime() + 86_400_000)),
    });
    expect(await getScpi(d, 'ZZSCPI000011', new CountingBilling(), NOW)).toMatchObject({
      outcome: 'found',
      cached: false,
    });
    expect(d.loads).toEqual([SLUG]);
  });

  it('tries an SCPI not yet identified by its slug, and answers not_found when no folder has it', async () => {
    const d = deps({ known: false, load: () => Promise.resolve({ status: 'not_found' }) });
    expect(await getScpi(d, 'SCPI Inconnue Du Tout', new CountingBilling(), NOW)).toEqual({ outcome: 'not_found' });
    expect(d.loads).toEqual(['inconnue-du-tout']);
  });

  it('serves the stale payload, flagged, when the refresh fails', async () => {
    const d = deps({
      stored: stored(new Date(NOW.getTime() - 1000)),
      load: async () => Promise.reject(new Error('boom')),
    });
    expect(await getScpi(d, SLUG, new CountingBilling(), NOW)).toMatchObject({ outcome: 'found', stale: true });
  });

  it('answers upstream_error when nothing is stored and the load fails', async () => {
    const d = deps({ load: async () => Promise.reject(new Error('boom')) });
    expect(await getScpi(d, SLUG, new CountingBilling(), NOW)).toEqual({ outcome: 'upstream_error' });
  });

  it('attempts no load while Temporal is down, and refunds the unavailable answer', async () => {
    const billing = new CountingBilling();
    const d = deps({ down: 'temporal' });
    expect(await getScpi(d, SLUG, billing, NOW)).toEqual({ outcome: 'unavailable', dependency: 'temporal' });
    expect(d.loads).toEqual([]);
    expect(billing.refunds).toBe(1);
  });

  it('turns a Temporal outage during the load into unavailable, or the stale payload', async () => {
    const outage = async () => Promise.reject(new DependencyUnavailableError('temporal'));
    expect(await getScpi(deps({ load: outage }), SLUG, new CountingBilling(), NOW)).toEqual({
      outcome: 'unavailable',
      dependency: 'temporal',
    });
    expect(
      await getScpi(
        deps({ load: outage, stored: stored(new Date(NOW.getTime() - 1)) }),
        SLUG,
        new CountingBilling(),
        NOW,
      ),
    ).toMatchObject({ outcome: 'found', stale: true });
  });
});
