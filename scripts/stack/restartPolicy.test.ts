import { CrashHistory, type CrashVerdict } from './restartPolicy';

const SECOND = 1_000;
const policy = { maxCrashes: 5, windowMs: 120 * SECOND };

/** Crashes at the given times (ms), each after `upMs` of uptime; the verdicts in order. */
function crashesAt(history: CrashHistory, times: number[], upMs = 100): CrashVerdict[] {
  return times.map((t) => history.record(t, upMs));
}

describe('CrashHistory', () => {
  it('doubles the back-off from 1 s for crashes in a row, capped at 30 s', () => {
    // 30 s apart: never more than 4 crashes within 2 minutes, so it never gives up.
    const verdicts = crashesAt(
      new CrashHistory(policy),
      [0, 30, 60, 90, 120, 150, 180, 210].map((s) => s * SECOND),
    );
    expect(verdicts.map((v) => (v.giveUp ? 'gave up' : v.delayMs))).toEqual(
      [1, 2, 4, 8, 16, 30, 30, 30].map((s) => s * SECOND),
    );
    expect(verdicts.map((v) => !v.giveUp && v.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives up at the sixth crash within 2 minutes', () => {
    const verdicts = crashesAt(
      new CrashHistory(policy),
      [0, 1, 3, 7, 15, 31].map((s) => s * SECOND),
    );
    expect(verdicts.slice(0, 5).every((v) => !v.giveUp)).toBe(true);
    expect(verdicts[5]).toEqual({ giveUp: true, crashes: 6, windowMs: 120 * SECOND });
  });

  it('forgets crashes older than the window', () => {
    const history = new CrashHistory(policy);
    crashesAt(
      history,
      [0, 1, 2, 3, 4].map((s) => s * SECOND),
    );
    // The first crash (t = 0) is 2 minutes old by now: five within the window, not six.
    expect(history.record(120 * SECOND, 100).giveUp).toBe(false);
    expect(history.record(120 * SECOND + 500, 100).giveUp).toBe(true);
  });

  it('starts the back-off afresh after the child stayed up 60 s', () => {
    const history = new CrashHistory(policy);
    crashesAt(
      history,
      [0, 2, 6].map((s) => s * SECOND),
    );
    expect(history.record(100 * SECOND, 60 * SECOND)).toEqual({ giveUp: false, attempt: 1, delayMs: SECOND });
    expect(history.record(102 * SECOND, 100)).toEqual({ giveUp: false, attempt: 2, delayMs: 2 * SECOND });
  });

  it('takes its delays and stability threshold from the policy', () => {
    const history = new CrashHistory({
      maxCrashes: 10,
      windowMs: SECOND,
      firstDelayMs: 10,
      maxDelayMs: 25,
      stableAfterMs: 500,
    });
    const delays = crashesAt(history, [0, 1, 2, 3], 100).map((v) => !v.giveUp && v.delayMs);
    expect(delays).toEqual([10, 20, 25, 25]);
    expect(history.record(4, 500)).toEqual({ giveUp: false, attempt: 1, delayMs: 10 });
  });
});
