/**
 * Every request a recipe makes goes through here, and only once: robots.txt asked first (per host, cached an hour),
 * a rate limit per host (one request at a time, the manager's least gap between two), an honest User-Agent, a circuit
 * per host that stops asking a host that keeps failing, the address policy and the size and time caps of safeFetch.
 * Never a retry: the activity that runs the load is retried by Temporal, the one place retries are decided.
 */
import Bottleneck from 'bottleneck';
import {
  BrokenCircuitError,
  circuitBreaker,
  type CircuitBreakerPolicy,
  CircuitState,
  ExponentialBackoff,
  handleWhen,
  type IBreaker,
} from 'cockatiel';
import ipaddr from 'ipaddr.js';

import { RobotsTxtCache } from '../../outbound/robots';
import {
  type AddressPolicy,
  FetchNetworkError,
  FetchTimeoutError,
  HttpStatusError,
  isPublicAddress,
  safeFetch,
  type SafeFetchOptions,
  type SafeFetchResult,
} from '../../outbound/safeFetch';

/** Where each named host is really reached (a mirror or a test's fake): host -> 127.0.0.1:port, plain HTTP. */
export type HostMap = ReadonlyMap<string, string>;

/** Parses ISSUER_HOST_MAP (`host=127.0.0.1:9911,other=127.0.0.1:9912`); targets must be loopback addresses. */
export function parseHostMap(text: string | undefined): HostMap {
  const map = new Map<string, string>();
  for (const entry of (text ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const match = /^([a-z0-9.-]+)=(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]):(\d{1,5})$/i.exec(entry);
    if (!match) throw new RangeError(`ISSUER_HOST_MAP entry ${JSON.stringify(entry)} is not host=address:port`);
    const address = match[2].replace(/^\[|\]$/g, '');
    if (!ipaddr.isValid(address) || ipaddr.parse(address).range() !== 'loopback')
      throw new RangeError(`ISSUER_HOST_MAP sends ${match[1]} to ${address}: only loopback addresses are accepted`);
    map.set(match[1].toLowerCase(), `${match[2]}:${match[3]}`);
  }
  return map;
}

export interface IssuerHttpOptions {
  userAgent: string;
  hostMap?: HostMap;
  /** Loopback addresses may be connected to (only those ISSUER_HOST_MAP names): ISSUERS_ALLOW_LOOPBACK. */
  allowLoopback?: boolean;
  timeoutMs?: number;
  /** Consecutive failures of a host (timeouts, 5xx, 429) that open its circuit; a host that cannot be reached at all opens it at once. */
  failuresToOpen?: number;
  /** How long an open circuit stays open before one request may try again; doubles while it keeps failing. */
  openForMs?: number;
  /** Told when a host's circuit opens or closes (the recipes' health). */
  onCircuit?: (host: string, open: boolean, reason: string | null) => void;
}

export interface IssuerRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  maxBytes: number;
  /** Least gap between two requests to the URL's host. */
  minIntervalMs: number;
  /** Validators of the copy we hold: a 304 then answers `notModified` and nothing is downloaded. */
  conditional?: { etag: string | null; lastModified: string | null };
}

export type IssuerResponse = (SafeFetchResult & { notModified: false }) | { notModified: true; finalUrl: string };

/** A request not sent: robots.txt says no, or could not be read. */
export class RobotsRefusalError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly transient: boolean,
    /** robots.txt could not be asked because the host is not there (DNS, nothing listening). */
    readonly unreachable = false,
  ) {
    super(`${url}: ${reason}`);
    this.name = 'RobotsRefusalError';
  }
}

/** A request not sent because its host's circuit is open (it kept failing). */
class CircuitOpenError extends Error {
  constructor(readonly host: string) {
    super(`${host}: not asked, it failed repeatedly just before (circuit open)`);
    this.name = 'CircuitOpenError';
  }
}

/** The host could not be reached at all (its name does not resolve, nothing listens): no use asking again soon. */
export function isUnreachable(err: unknown): boolean {
  if (err instanceof CircuitOpenError) return true;
  if (err instanceof RobotsRefusalError) return err.unreachable;
  if (!(err instanceof FetchNetworkError)) return false;
  return ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH'].includes(err.code ?? '');
}

/** Worth asking again later: the network, a timeout, rate limiting, a server error, robots.txt unreachable. */
export function isTransient(err: unknown): boolean {
  if (err instanceof FetchNetworkError || err instanceof FetchTimeoutError || err instanceof CircuitOpenError)
    return true;
  if (err instanceof RobotsRefusalError) return err.transient;
  return err instanceof HttpStatusError && (err.status === 429 || err.status >= 500);
}

/** Opens after `threshold` consecutive failures, or at once when the last one says the host is not there. */
class HostBreaker implements IBreaker {
  state = 0;
  lastUnreachable = false;
  constructor(private readonly threshold: number) {}
  success(): void {
    this.state = 0;
  }
  failure(): boolean {
    this.state += 1;
    return this.lastUnreachable || this.state >= this.threshold;
  }
}

interface Circuit {
  policy: CircuitBreakerPolicy;
  breaker: HostBreaker;
}

export class IssuerHttp {
  private readonly robots: RobotsTxtCache;
  private readonly queues = new Map<string, Bottleneck>();
  private readonly circuits = new Map<string, Circuit>();
  private readonly policy: AddressPolicy;
  /** Hosts whose last robots.txt request found nobody there (the verdict itself only says "unreachable"). */
  private readonly robotsUnreachable = new Set<string>();

  constructor(private readonly options: IssuerHttpOptions) {
    const mapped = new Set(options.hostMap?.values() ?? []);
    // Loopback only for the hosts the map sends there, and only when the operator allowed it.
    this.policy = (address) =>
      isPublicAddress(address) ||
      (options.allowLoopback === true &&
        mapped.size > 0 &&
        ipaddr.isValid(address) &&
        ipaddr.parse(address).range() === 'loopback');
    this.robots = new RobotsTxtCache({
      fetcher: (url, opts) => this.queued(new URL(url).host, 1000, () => this.fetchRobots(url, opts)),
      isAllowedAddress: this.policy,
    });
  }

  /** The real address a URL is sent to (the host map applied), for traces. */
  physicalUrl(url: string): string {
    return this.rewrite(new URL(url)).href;
  }

  /** True when the host's circuit is open now (a request would not be sent). */
  isOpen(host: string): boolean {
    return this.circuits.get(host)?.policy.state === CircuitState.Open;
  }

  async request(request: IssuerRequest): Promise<IssuerResponse> {
    const host = new URL(request.url).host;
    this.queueOf(host, request.minIntervalMs); // robots.txt is asked in the host's queue, at the manager's pace
    const circuit = this.circuitOf(host);
    if (circuit.policy.state === CircuitState.Open) throw new CircuitOpenError(host);
    try {
      return await circuit.policy.execute(async () => {
        const verdict = await this.robots.check(request.url, this.options.userAgent);
        if (!verdict.allowed) {
          const unreachable = verdict.basis === 'unreachable';
          throw new RobotsRefusalError(
            request.url,
            verdict.reason,
            unreachable,
            unreachable && this.robotsUnreachable.has(host),
          );
        }
        return this.queued(host, request.minIntervalMs, () => this.send(request));
      });
    } catch (err) {
      // Half-open: another request is the one trying the host again.
      if (err instanceof BrokenCircuitError) throw new CircuitOpenError(host);
      throw err;
    }
  }

  private async fetchRobots(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
    const host = new URL(url).host;
    try {
      const result = await safeFetch(url, this.withMap(opts));
      this.robotsUnreachable.delete(host);
      return result;
    } catch (err) {
      if (isUnreachable(err)) this.robotsUnreachable.add(host);
      else this.robotsUnreachable.delete(host);
      throw err;
    }
  }

  private async send(request: IssuerRequest): Promise<IssuerResponse> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.conditional?.etag) headers['if-none-match'] = request.conditional.etag;
    if (request.conditional?.lastModified) headers['if-modified-since'] = request.conditional.lastModified;
    const options: SafeFetchOptions = {
      maxBytes: request.maxBytes,
      timeoutMs: this.options.timeoutMs ?? 30_000,
      userAgent: this.options.userAgent,
      headers,
      post: request.method === 'POST' ? { body: request.body ?? '', headers: {} } : undefined,
    };
    try {
      return { ...(await safeFetch(request.url, this.withMap(options))), notModified: false };
    } catch (err) {
      if (err instanceof HttpStatusError && err.status === 304 && request.conditional)
        return { notModified: true, finalUrl: err.url };
      throw err;
    }
  }

  private withMap(options: SafeFetchOptions): SafeFetchOptions {
    return { ...options, isAllowedAddress: this.policy, rewriteUrl: (url) => this.rewrite(url) };
  }

  private rewrite(url: URL): URL {
    const target = this.options.hostMap?.get(url.hostname.toLowerCase());
    if (!target) return url;
    return new URL(`http://${target}${url.pathname}${url.search}`);
  }

  private queued<T>(host: string, minIntervalMs: number, work: () => Promise<T>): Promise<T> {
    return this.queueOf(host, minIntervalMs).schedule(work);
  }

  /** One queue per host: one request at a time, at least the host's gap between two starts. */
  private queueOf(host: string, minIntervalMs: number): Bottleneck {
    let queue = this.queues.get(host);
    if (!queue) {
      queue = new Bottleneck({ maxConcurrent: 1, minTime: minIntervalMs });
      this.queues.set(host, queue);
    }
    return queue;
  }

  private circuitOf(host: string): Circuit {
    const existing = this.circuits.get(host);
    if (existing) return existing;
    const breaker = new HostBreaker(this.options.failuresToOpen ?? 3);
    const openFor = this.options.openForMs ?? 30_000;
    const handled = handleWhen((err) => {
      breaker.lastUnreachable = isUnreachable(err);
      return isTransient(err); // a robots.txt "no" is an answer, not a failure of the host
    });
    const policy = circuitBreaker(handled, {
      breaker,
      halfOpenAfter: new ExponentialBackoff({ initialDelay: openFor, maxDelay: openFor * 20 }),
    });
    policy.onBreak((reason) => {
      const error = 'error' in reason ? reason.error.message : 'failed';
      this.options.onCircuit?.(host, true, error);
    });
    policy.onReset(() => this.options.onCircuit?.(host, false, null));
    const circuit = { policy, breaker };
    this.circuits.set(host, circuit);
    return circuit;
  }
}
