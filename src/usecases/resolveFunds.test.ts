import pino from 'pino';

import { MemoryFundStore } from '../../test/fixtures/memoryFundStore';
import { DependencyUnavailableError, type LoadDependency, LoadTimeoutError } from './ports/dependencies';
import type { FundLoader, StoredFund } from './ports/funds';
import { resolveFunds, type ResolveFundsDeps } from './resolveFunds';

const NOW = new Date('2026-11-23T12:00:00Z');
const fund = (isin: string, expiresInMs: number): StoredFund => ({
  isin,
  name: isin,
  payload: Buffer.from('{}'),
  generatedAt: NOW,
  expiresAt: new Date(NOW.getTime() + expiresInMs),
});

type LoadPlan = Record<string, 'ok' | 'not_found' | 'fail' | 'slow' | 'down'>;

function setup(
  plan: LoadPlan,
  options: { down?: LoadDependency; warmerDown?: boolean; budgetMs?: number; concurrency?: number } = {},
) {
  const funds = new MemoryFundStore();
  const started: string[] = [];
  const warmed: string[][] = [];
  let running = 0;
  let maxRunning = 0;
  const loader: FundLoader = {
    async load({ isin }, timeoutMs) {
      started.push(isin);
      running++;
      maxRunning = Math.max(maxRunning, running);
      try {
        await new Promise((r) => setTimeout(r, 5));
        const outcome = plan[isin];
        if (outcome === 'slow') {
          await new Promise((r) => setTimeout(r, timeoutMs));
          throw new LoadTimeoutError('slow');
        }
        if (outcome === 'fail') throw new Error('source failed');
        if (outcome === 'down') throw new DependencyUnavailableError('temporal');
        if (outcome === 'ok') funds.afterLoad.set(isin, fund(isin, 86_400_000));
        return { status: outcome };
      } finally {
        running--;
      }
    },
  };
  const deps: ResolveFundsDeps = {
    funds,
    loader,
    warmer: {
      warm(isins) {
        if (options.warmerDown) return Promise.reject(new DependencyUnavailableError('temporal'));
        warmed.push([...isins]);
        return Promise.resolve();
      },
    },
    health: {
      firstDown: <N extends LoadDependency>(names: readonly N[]) => names.find((n) => n === options.down) ?? null,
    },
    budgetMs: options.budgetMs ?? 1000,
    loadConcurrency: options.concurrency ?? 2,
    log: pino({ level: 'silent' }),
  };
  const resolve = (isins: string[], wait = true) =>
    resolveFunds(deps, isins, (list) => funds.getMany(list), { wait }, NOW);
  return { funds, started, warmed, resolve, maxRunning: () => maxRunning };
}

const statuses = (answers: Map<string, { status: string }>) =>
  Object.fromEntries([...answers].map(([isin, a]) => [isin, a.status]));

describe('resolveFunds: the many-fund story', () => {
  it('answers fresh payloads and remembered misses without loading', async () => {
    const t = setup({});
    t.funds.stored.set('A', fund('A', 1000));
    t.funds.missing.add('B');
    const answers = await t.resolve(['A', 'B']);
    expect(statuses(answers)).toEqual({ A: 'ok', B: 'not_found' });
    expect(answers.get('A')).toMatchObject({ cached: true, stale: false });
    expect(t.started).toEqual([]);
  });

  it('loads cold ISINs at most loadConcurrency at a time and reports each outcome', async () => {
    const t = setup({ A: 'ok', B: 'not_found', C: 'fail', D: 'ok', E: 'ok' }, { concurrency: 2 });
    const answers = await t.resolve(['A', 'B', 'C', 'D', 'E']);
    expect(statuses(answers)).toEqual({ A: 'ok', B: 'not_found', C: 'error', D: 'ok', E: 'ok' });
    expect(answers.get('A')).toMatchObject({ cached: false });
    expect(t.maxRunning()).toBe(2);
    expect(t.warmed).toEqual([]);
  });

  it('answers what is not loaded within the budget as pending and warms exactly those in the background', async () => {
    const t = setup({ A: 'ok', B: 'slow', C: 'ok' }, { budgetMs: 60, concurrency: 1 });
    const answers = await t.resolve(['A', 'B', 'C']);
    expect(statuses(answers)).toEqual({ A: 'ok', B: 'pending', C: 'pending' });
    expect(t.started).toEqual(['A', 'B']); // C was never started: the budget was spent
    expect(t.warmed).toEqual([['B', 'C']]);
  });

  it('with wait false starts no load and warms every cold ISIN', async () => {
    const t = setup({ A: 'ok' });
    expect(statuses(await t.resolve(['A'], false))).toEqual({ A: 'pending' });
    expect(t.started).toEqual([]);
    expect(t.warmed).toEqual([['A']]);
  });

  it('serves a stale payload (flagged) when its refresh fails, is not found or is pending', async () => {
    const t = setup({ A: 'fail', B: 'not_found', C: 'slow' }, { budgetMs: 50 });
    for (const isin of ['A', 'B', 'C']) t.funds.stored.set(isin, fund(isin, -1000));
    const answers = await t.resolve(['A', 'B', 'C']);
    for (const isin of ['A', 'B', 'C'])
      expect(answers.get(isin)).toMatchObject({ status: 'ok', cached: true, stale: true });
  });

  it('answers error, not pending, when the job engine is down (nothing can warm them), and a stale payload when there is one', async () => {
    const t = setup({ A: 'ok', B: 'ok' }, { down: 'temporal' });
    t.funds.stored.set('B', fund('B', -1000));
    expect(statuses(await t.resolve(['A', 'B']))).toEqual({ A: 'error', B: 'ok' });
    expect(t.started).toEqual([]);
  });

  it('answers error when the warm-up cannot be started', async () => {
    const t = setup({ A: 'ok' }, { warmerDown: true });
    expect(statuses(await t.resolve(['A'], false))).toEqual({ A: 'error' });
  });

  it('answers error for a load refused because the job engine went down mid-call', async () => {
    const t = setup({ A: 'down' });
    expect(statuses(await t.resolve(['A']))).toEqual({ A: 'error' });
  });
});
