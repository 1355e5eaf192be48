import {
  cutoff,
  type HoldingsLoad,
  type HoldingsPlanInput,
  isEmptyPlan,
  isStaleLoad,
  isStamp,
  mayDelete,
  planHoldingsPrune,
  stampText,
} from './retention';

const A = 'LU0000000001';
const B = 'LU0000000002';
const C = 'LU0000000003';
const D = 'LU0000000004';

const day = (d: number, time = '00:00:00') => `2026-11-${String(d).padStart(2, '0')} ${time}`;
const load = (isin: string, loadedAt: string, rows = 10): HoldingsLoad => ({ isin, loadedAt, rows });

function plan(overrides: Partial<HoldingsPlanInput> & Pick<HoldingsPlanInput, 'loads'>) {
  return planHoldingsPrune({
    before: day(20),
    stored: new Map(),
    namedStamps: new Set(),
    maxListedIsins: 1_000,
    ...overrides,
  });
}

describe('stamps and cut-offs', () => {
  it('writes a stamp as ClickHouse keeps it, UTC to the second', () => {
    expect(stampText(new Date('2026-11-23T10:11:12.999Z'))).toBe('2026-11-23 10:11:12');
    expect(isStamp('2026-11-23 10:11:12')).toBe(true);
    expect(isStamp('2026-11-23T10:11:12')).toBe(false);
    expect(isStamp(null)).toBe(false);
    expect(isStamp("2026-11-23 10:11:12' OR 1")).toBe(false);
  });

  it('gives no cut-off for a window of 0 (keep everything)', () => {
    expect(cutoff(new Date('2026-11-27T00:00:00Z'), 0)).toBeNull();
    expect(cutoff(new Date('2026-11-27T00:00:00Z'), 86_400_000)).toEqual(new Date('2026-11-26T00:00:00Z'));
  });
});

describe('isStaleLoad', () => {
  const stored = new Map<string, string | null>([
    [A, day(10)],
    [B, null],
  ]);
  it.each([
    ['older than the load its summary names', load(A, day(9)), true],
    ['the load its summary names', load(A, day(10)), false],
    ['newer than the named one (a load under way)', load(A, day(11)), false],
    ['a stored fund naming no load keeps all', load(B, day(1)), false],
    ['a fund no longer stored', load(C, day(1)), true],
    ['a fund no longer stored, within the grace', load(C, day(21)), false],
    ['exactly at the cut-off', load(C, day(20)), false],
  ])('%s', (_, l, stale) => {
    expect(isStaleLoad(l, day(20), stored)).toBe(stale);
  });
});

describe('planHoldingsPrune', () => {
  it('plans nothing for nothing', () => {
    const p = plan({ loads: [] });
    expect(p).toEqual({ ranges: [], listed: [], loads: 0, rows: 0, deferred: 0 });
    expect(isEmptyPlan(p)).toBe(true);
  });

  it('keeps the latest load of every stored fund', () => {
    const p = plan({
      loads: [load(A, day(5)), load(B, day(6))],
      stored: new Map([
        [A, day(5)],
        [B, day(6)],
      ]),
      namedStamps: new Set([day(5), day(6)]),
    });
    expect(isEmptyPlan(p)).toBe(true);
  });

  it('deletes a whole superseded universe by its one stamp', () => {
    const old = day(1);
    const loads = [A, B, C].map((isin) => load(isin, old, 50));
    const p = plan({
      loads,
      stored: new Map([
        [A, day(19)],
        [B, day(19)],
        [C, day(19)],
      ]),
      namedStamps: new Set([day(19)]),
    });
    expect(p.ranges).toEqual([{ from: old, to: old }]);
    expect(p.listed).toEqual([]);
    expect(p).toMatchObject({ loads: 3, rows: 150, deferred: 0 });
  });

  it('merges consecutive fully stale stamps into one range (a daily refresh)', () => {
    const loads = [load(A, day(1, '01:00:00')), load(B, day(1, '02:00:00')), load(C, day(1, '03:00:00'))];
    const stored = new Map([
      [A, day(2, '01:00:00')],
      [B, day(2, '02:00:00')],
      [C, day(2, '03:00:00')],
    ]);
    const p = plan({ loads, stored, namedStamps: new Set(stored.values()) });
    expect(p.ranges).toEqual([{ from: day(1, '01:00:00'), to: day(1, '03:00:00') }]);
    expect(p.loads).toBe(3);
  });

  it('never spans a stamp a stored fund reads, even one with no rows yet (a rebuild about to write it)', () => {
    const loads = [load(A, day(1)), load(B, day(3))];
    const stored = new Map([
      [A, day(19)],
      [B, day(19)],
      [D, day(2)],
    ]);
    const p = plan({ loads, stored, namedStamps: new Set([day(19), day(2)]) });
    expect(p.ranges).toEqual([
      { from: day(1), to: day(1) },
      { from: day(3), to: day(3) },
    ]);
  });

  it('lists the stale funds of a stamp another fund still reads', () => {
    const shared = day(4);
    const loads = [load(A, shared), load(B, shared), load(C, shared)];
    const stored = new Map([
      [A, day(19)],
      [B, shared],
      [C, day(19)],
    ]);
    const p = plan({ loads, stored, namedStamps: new Set([shared, day(19)]) });
    expect(p.ranges).toEqual([]);
    expect(p.listed).toEqual([{ loadedAt: shared, isins: [A, C] }]);
    expect(p.loads).toBe(2);
  });

  it('splits ranges around a stamp some fund still reads', () => {
    const loads = [load(A, day(1)), load(A, day(2)), load(B, day(2)), load(A, day(3))];
    const stored = new Map([
      [A, day(19)],
      [B, day(2)],
    ]);
    const p = plan({ loads, stored, namedStamps: new Set([day(2), day(19)]) });
    expect(p.ranges).toEqual([
      { from: day(1), to: day(1) },
      { from: day(3), to: day(3) },
    ]);
    expect(p.listed).toEqual([{ loadedAt: day(2), isins: [A] }]);
  });

  it('keeps a stored fund naming no load whole, and breaks a range at it', () => {
    const loads = [load(A, day(1)), load(B, day(2)), load(C, day(3))];
    const stored = new Map<string, string | null>([
      [A, day(19)],
      [B, null],
      [C, day(19)],
    ]);
    const p = plan({ loads, stored, namedStamps: new Set([day(19)]) });
    expect(p.ranges).toEqual([
      { from: day(1), to: day(1) },
      { from: day(3), to: day(3) },
    ]);
    expect(p.loads).toBe(2);
  });

  it('deletes the loads of funds no longer stored', () => {
    const p = plan({ loads: [load(C, day(1), 7), load(D, day(1), 3)] });
    expect(p.ranges).toEqual([{ from: day(1), to: day(1) }]);
    expect(p.rows).toBe(10);
  });

  it('leaves loads within the grace alone, whatever they are', () => {
    const p = plan({ loads: [load(C, day(21)), load(C, day(20))], before: day(20) });
    expect(isEmptyPlan(p)).toBe(true);
  });

  it('ignores a stamp it could not inline safely', () => {
    const p = plan({ loads: [load(C, "2026-11-01 00:00:00' OR 1=1 --")] });
    expect(isEmptyPlan(p)).toBe(true);
  });

  it('lists at most maxListedIsins funds and defers the rest', () => {
    const shared = day(4);
    const isins = Array.from({ length: 5 }, (_, i) => `LU00000001${i}${i}`);
    const loads = [...isins.map((isin) => load(isin, shared)), load(A, shared)];
    const stored = new Map<string, string | null>([[A, shared], ...isins.map((i) => [i, day(19)] as const)]);
    const p = plan({ loads, stored, namedStamps: new Set([shared, day(19)]), maxListedIsins: 3 });
    expect(p.listed).toEqual([{ loadedAt: shared, isins: isins.slice(0, 3) }]);
    expect(p.deferred).toBe(2);
    expect(p.loads).toBe(3);
  });

  it('still deletes by range when the listing budget is spent', () => {
    const loads = [load(A, day(1)), load(B, day(1)), load(C, day(2))];
    const stored = new Map([
      [A, day(19)],
      [B, day(1)],
    ]);
    const p = plan({ loads, stored, namedStamps: new Set([day(1), day(19)]), maxListedIsins: 0 });
    expect(p.listed).toEqual([]);
    expect(p.deferred).toBe(1);
    expect(p.ranges).toEqual([{ from: day(2), to: day(2) }]);
  });

  it('plans the same whatever the order of the loads', () => {
    const loads = [load(A, day(3)), load(B, day(1)), load(A, day(1)), load(C, day(2)), load(B, day(2))];
    const stored = new Map([
      [A, day(19)],
      [B, day(2)],
      [C, day(19)],
    ]);
    const input = { stored, namedStamps: new Set([day(2), day(19)]) };
    const forward = plan({ loads, ...input });
    const backward = plan({ loads: [...loads].reverse(), ...input });
    expect(backward).toEqual(forward);
    expect(forward.ranges).toEqual([
      { from: day(1), to: day(1) },
      { from: day(3), to: day(3) },
    ]);
    expect(forward.listed).toEqual([{ loadedAt: day(2), isins: [C] }]);
  });

  it('never plans a load that a stored fund reads (random universes)', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const isins = Array.from({ length: 6 }, (_, i) => `LU00000002${round % 10}${i}`);
      const stamps = Array.from({ length: 5 }, (_, i) => day(1 + i * 4));
      const loads = isins.flatMap((isin) => stamps.filter(() => rand() < 0.6).map((s) => load(isin, s)));
      const stored = new Map<string, string | null>();
      for (const isin of isins) {
        const r = rand();
        if (r < 0.6) stored.set(isin, stamps[Math.floor(rand() * stamps.length)]);
        else if (r < 0.75) stored.set(isin, null);
      }
      const namedStamps = new Set([...stored.values()].filter((s): s is string => s !== null));
      const before = day(1 + Math.floor(rand() * 20));
      const p = plan({ loads, stored, namedStamps, before, maxListedIsins: Math.floor(rand() * 4) });
      const deleted = (l: HoldingsLoad) =>
        p.ranges.some((r) => l.loadedAt >= r.from && l.loadedAt <= r.to) ||
        p.listed.some((x) => x.loadedAt === l.loadedAt && x.isins.includes(l.isin));
      for (const l of loads) {
        if (deleted(l)) expect(isStaleLoad(l, before, stored)).toBe(true);
      }
      for (const r of p.ranges) for (const s of namedStamps) expect(s >= r.from && s <= r.to).toBe(false);
      const stale = loads.filter((l) => isStaleLoad(l, before, stored)).length;
      expect(loads.filter(deleted).length + p.deferred).toBe(stale);
    }
  });
});

describe('mayDelete', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const day24 = 24 * 3_600_000;
  it.each([
    ['no delete known', { lastAt: null, running: false }, true],
    ['one running', { lastAt: null, running: true }, false],
    ['one an hour ago', { lastAt: new Date('2026-11-27T11:00:00Z'), running: false }, false],
    ['one a day ago', { lastAt: new Date('2026-11-26T12:00:00Z'), running: false }, true],
    ['one two days ago but still running', { lastAt: new Date('2026-11-25T12:00:00Z'), running: true }, false],
  ])('%s', (_, history, may) => {
    expect(mayDelete(history, now, day24)).toBe(may);
  });
  it('always may with an interval of 0, unless one is running', () => {
    expect(mayDelete({ lastAt: now, running: false }, now, 0)).toBe(true);
  });
});
