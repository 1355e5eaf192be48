/**
 * What happened to the requests: counts, latencies and a few samples of what went wrong, per phase and endpoint row.
 */
import { performance } from 'node:perf_hooks';

export type Phase = 'warmup' | 'measured';
export type ErrorKind =
  | '5xx'
  | 'timeout'
  | 'connection'
  | 'non-JSON error body'
  | 'bad 2xx body'
  | 'not sent (concurrency cap)'
  | 'client exception';

/**
 * When the traffic (warm-up included) started: the time of the samples of what went wrong and of the memory readings.
 */
let trafficStart = performance.now();

export function startTrafficClock(): void {
  trafficStart = performance.now();
}

/** Seconds since the traffic started. */
export const trafficSeconds = () => (performance.now() - trafficStart) / 1000;

export class EndpointStats {
  requests = 0;
  ok = 0;
  expected4xx = 0;
  rateLimited = 0;
  unexpected = 0;
  errors = 0;
  readonly errorKinds: Partial<Record<ErrorKind, number>> = {};
  readonly latencies: number[] = [];
  readonly samples: string[] = [];

  constructor(
    readonly endpoint: string,
    readonly order: number,
  ) {}

  note(line: string): void {
    if (this.samples.length < 5) this.samples.push(`[${trafficSeconds().toFixed(1)} s] ${line}`);
  }
}

class Recorder {
  readonly phases: Record<Phase, Map<string, EndpointStats>> = { warmup: new Map(), measured: new Map() };
  private order = 0;

  stats(phase: Phase, endpoint: string): EndpointStats {
    const map = this.phases[phase];
    let stats = map.get(endpoint);
    if (!stats) {
      stats = new EndpointStats(endpoint, this.order++);
      map.set(endpoint, stats);
    }
    return stats;
  }

  error(phase: Phase, endpoint: string, kind: ErrorKind, detail: string, ms: number | null): void {
    const stats = this.stats(phase, endpoint);
    stats.requests++;
    stats.errors++;
    stats.errorKinds[kind] = (stats.errorKinds[kind] ?? 0) + 1;
    if (ms !== null) stats.latencies.push(ms);
    stats.note(`${kind}: ${detail}`);
  }
}

export const recorder = new Recorder();

/** The requests under way, oldest first (a Set keeps insertion order): named when the concurrency cap is reached. */
export const underWay = new Set<{ what: string; started: number }>();

export function oldestUnderWay(n: number): string {
  const now = performance.now();
  return [...underWay]
    .slice(0, n)
    .map((r) => `${r.what} (${Math.round(now - r.started)} ms)`)
    .join('; ');
}
