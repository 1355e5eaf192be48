/** One answer (or its absence) under steady traffic. */
export interface Outcome {
  name: string;
  sentAt: number;
  ms: number;
  /** 0: no answer within the client's timeout, or the connection failed. */
  status: number;
  json: boolean;
  stale: boolean;
  retryAfter: number | null;
  /** An error body that leaks internals (a stack frame, a driver's error code, an address). */
  leaks: boolean;
}

/** The client gives up after this long: an answer later than this counts as a hang. */
export const CLIENT_TIMEOUT_MS = 15_000;
const LEAK = /ECONNREFUSED|ECONNRESET|at .*\.(ts|js):\d+|127\.0\.0\.1|SqlState|stack/i;

/**
 * Steady traffic at a fixed rate (open loop: a slow answer does not slow the sending), one request
 * of each kind every `everyMs`, recording every outcome.
 */
export class SteadyTraffic {
  readonly outcomes: Outcome[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly kinds: Record<string, () => Promise<Response>>,
    private readonly everyMs = 200,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      for (const [name, send] of Object.entries(this.kinds)) {
        const request = this.record(name, send).finally(() => this.inFlight.delete(request));
        this.inFlight.add(request);
      }
    }, this.everyMs);
  }

  /** Stops sending and waits for the answers still on their way. */
  async stop(): Promise<Outcome[]> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.inFlight);
    return this.outcomes.sort((a, b) => a.sentAt - b.sentAt);
  }

  private async record(name: string, send: () => Promise<Response>): Promise<void> {
    const sentAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const res = await Promise.race([
        send(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CLIENT_TIMEOUT_MS))),
      ]);
      const body = await res.text();
      let json = true;
      try {
        JSON.parse(body);
      } catch {
        json = false;
      }
      this.outcomes.push({
        name,
        sentAt,
        ms: Date.now() - sentAt,
        status: res.status,
        json,
        stale: res.headers.get('x-stale') === '1',
        retryAfter: res.headers.has('retry-after') ? Number(res.headers.get('retry-after')) : null,
        leaks: res.status >= 500 && LEAK.test(body),
      });
    } catch {
      this.outcomes.push({
        name,
        sentAt,
        ms: Date.now() - sentAt,
        status: 0,
        json: false,
        stale: false,
        retryAfter: null,
        leaks: false,
      });
    } finally {
      clearTimeout(timer);
    }
  }
}

function slowest(outcomes: Outcome[]): { name: string; ms: number; status: number; atSecond: number } | null {
  if (outcomes.length === 0) return null;
  const o = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a));
  return { name: o.name, ms: o.ms, status: o.status, atSecond: Math.round((o.sentAt - outcomes[0].sentAt) / 100) / 10 };
}

/**
 * Counts over the outcomes of an outage: answered during it, refused (503), served stale, and when each kind served
 * again.
 */
export function summarise(outcomes: Outcome[], outage: { from: number; restartedAt: number }) {
  const during = outcomes.filter((o) => o.sentAt >= outage.from && o.sentAt < outage.restartedAt);
  const after = outcomes.filter((o) => o.sentAt >= outage.restartedAt);
  const recovered: Record<string, number | null> = {};
  for (const name of new Set(outcomes.map((o) => o.name))) {
    // Recovered from the first 200 after which that kind never failed again.
    const mine = after.filter((o) => o.name === name);
    const lastFailure = mine.map((o) => o.status !== 200).lastIndexOf(true);
    const first = mine[lastFailure + 1];
    recovered[name] = first ? Math.round((first.sentAt - outage.restartedAt) / 100) / 10 : null;
  }
  return {
    requests: outcomes.length,
    duringOutage: {
      sent: during.length,
      ok: during.filter((o) => o.status === 200 && !o.stale).length,
      stale: during.filter((o) => o.stale).length,
      unavailable503: during.filter((o) => o.status === 503).length,
      other: during.filter((o) => ![200, 503].includes(o.status)).length,
    },
    afterRestart: { sent: after.length, failedBeforeRecovery: after.filter((o) => o.status !== 200).length },
    secondsToRecoverAfterRestart: recovered,
    slowestAnswer: slowest(outcomes),
    unanswered: outcomes.filter((o) => o.status === 0).length,
    notJson: outcomes.filter((o) => !o.json).length,
    leaking: outcomes.filter((o) => o.leaks).length,
  };
}

/** Every answer was JSON, came within the client's timeout, was a 200 or a 503 with Retry-After, and leaked nothing. */
export function expectClean(outcomes: Outcome[]): void {
  const bad = outcomes.filter(
    (o) => o.status === 0 || !o.json || o.leaks || (o.status !== 200 && !(o.status === 503 && (o.retryAfter ?? 0) > 0)),
  );
  expect(bad.slice(0, 5)).toEqual([]);
}
