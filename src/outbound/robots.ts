/**
 * robots.txt (RFC 9309) for every origin we fetch from: fetched once per origin through safeFetch,
 * cached for an hour, and consulted before each document request.
 */
import { LRUCache } from 'lru-cache';
import robotsParser from 'robots-parser';

import {
  type AddressPolicy,
  FetchNetworkError,
  FetchTimeoutError,
  HttpStatusError,
  parseFetchableUrl,
  safeFetch,
  SafeFetchError,
  type SafeFetchOptions,
  type SafeFetchResult,
} from './safeFetch';

/** How robots.txt is downloaded; the connector passes one that shares its per-host rate limit. */
export type RobotsFetcher = (url: string, opts: SafeFetchOptions) => Promise<SafeFetchResult>;

export interface RobotsCacheOptions {
  /** How long a fetched robots.txt (or its confirmed absence) is trusted; default 1 h. */
  ttlMs?: number;
  /** RFC 9309 asks parsers to handle at least 500 KiB; larger files are treated as unreadable. */
  maxBytes?: number;
  timeoutMs?: number;
  /** Distinct origins remembered; user-supplied URLs (POST /extract) must not grow the cache without bound. */
  maxOrigins?: number;
  fetcher?: RobotsFetcher;
  /** Tests only: address policy handed to safeFetch. */
  isAllowedAddress?: AddressPolicy;
  now?: () => number;
}

/**
 * What the verdict rests on. Callers treat 'unreachable' as transient (try again later) and
 * 'unreadable' as permanent (a blocked address, an oversized file: retrying will not help).
 */
type RobotsBasis = 'rules' | 'no-robots-txt' | 'unreachable' | 'unreadable';

export interface RobotsVerdict {
  allowed: boolean;
  basis: RobotsBasis;
  /** Human-readable, for logs: 'disallowed by robots.txt', 'no robots.txt (HTTP 404)', ... */
  reason: string;
}

const DEFAULT_ROBOTS_TTL_MS = 60 * 60 * 1000;
const DEFAULT_ROBOTS_MAX_BYTES = 512 * 1024;
const DEFAULT_ROBOTS_TIMEOUT_MS = 10_000;

type Robot = ReturnType<typeof robotsParser>;

/** What an origin's robots.txt amounts to. */
type OriginPolicy =
  | { kind: 'rules'; robot: Robot }
  | { kind: 'allow-all'; basis: 'no-robots-txt'; reason: string }
  | { kind: 'disallow-all'; basis: 'unreachable' | 'unreadable'; reason: string };

interface CacheEntry {
  policy: Promise<OriginPolicy>;
  expiresAt: number;
}

/**
 * The token robots.txt groups are matched against: "FundDataBot/1.0 (+https://...)" -> "FundDataBot".
 * robots-parser only strips a "/version", so a UA without one would otherwise never match its group.
 */
export function robotsProductToken(userAgent: string): string {
  return /^[A-Za-z_-]+/.exec(userAgent.trim())?.[0] ?? '*';
}

/**
 * Maps a failed robots.txt fetch to a policy. RFC 9309 2.3.1.3: a 4xx means there is no robots.txt,
 * so everything is allowed. RFC 9309 2.3.1.4: a 5xx or an unreachable server means the publisher's
 * wishes are unknown, so everything is disallowed; a rate-limit answer (429) is the server saying
 * "not now", so it is treated the same way. Anything else we could not read is also a disallow:
 * when in doubt we do not crawl.
 */
function policyForFailure(err: SafeFetchError): OriginPolicy {
  if (err instanceof HttpStatusError) {
    if (err.status >= 400 && err.status < 500 && err.status !== 429) {
      return { kind: 'allow-all', basis: 'no-robots-txt', reason: `no robots.txt (HTTP ${err.status})` };
    }
    return { kind: 'disallow-all', basis: 'unreachable', reason: `robots.txt unreachable (HTTP ${err.status})` };
  }
  if (err instanceof FetchNetworkError || err instanceof FetchTimeoutError) {
    return { kind: 'disallow-all', basis: 'unreachable', reason: `robots.txt unreachable: ${err.message}` };
  }
  return { kind: 'disallow-all', basis: 'unreadable', reason: `robots.txt unreadable: ${err.message}` };
}

export class RobotsTxtCache {
  private readonly ttlMs: number;
  private readonly fetcher: RobotsFetcher;
  private readonly now: () => number;
  private readonly entries: LRUCache<string, CacheEntry>;

  constructor(private readonly options: RobotsCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_ROBOTS_TTL_MS;
    this.fetcher = options.fetcher ?? safeFetch;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache({ max: options.maxOrigins ?? 1000 });
  }

  /** Whether `userAgent` may fetch `url`, with the reason. Throws BadUrlError for non-http(s) URLs. */
  async check(url: string, userAgent: string): Promise<RobotsVerdict> {
    const target = parseFetchableUrl(url);
    const policy = await this.policyFor(target.origin, userAgent);
    if (policy.kind !== 'rules')
      return { allowed: policy.kind === 'allow-all', basis: policy.basis, reason: policy.reason };
    // robots-parser answers undefined for URLs of another origin; ours never are, but do not read that as a yes.
    const allowed = policy.robot.isAllowed(target.href, robotsProductToken(userAgent)) === true;
    return { allowed, basis: 'rules', reason: allowed ? 'allowed by robots.txt' : 'disallowed by robots.txt' };
  }

  async isAllowed(url: string, userAgent: string): Promise<boolean> {
    return (await this.check(url, userAgent)).allowed;
  }

  /** Cached policy for the origin. Concurrent callers share one in-flight download. */
  private policyFor(origin: string, userAgent: string): Promise<OriginPolicy> {
    const cached = this.entries.get(origin);
    if (cached && cached.expiresAt > this.now()) return cached.policy;
    const policy = this.download(origin, userAgent);
    const entry: CacheEntry = { policy, expiresAt: Number.POSITIVE_INFINITY };
    this.entries.set(origin, entry);
    void policy.then(
      (settled) => {
        // A disallow caused by a failure holds for the fetch that asked only: the next fetch tries
        // robots.txt again rather than shunning a publisher for an hour over one bad response.
        if (settled.kind === 'disallow-all' && this.entries.get(origin) === entry) this.entries.delete(origin);
        else entry.expiresAt = this.now() + this.ttlMs;
      },
      () => this.entries.delete(origin),
    );
    return policy;
  }

  private async download(origin: string, userAgent: string): Promise<OriginPolicy> {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const response = await this.fetcher(robotsUrl, {
        maxBytes: this.options.maxBytes ?? DEFAULT_ROBOTS_MAX_BYTES,
        timeoutMs: this.options.timeoutMs ?? DEFAULT_ROBOTS_TIMEOUT_MS,
        userAgent,
        accept: 'text/plain',
        isAllowedAddress: this.options.isAllowedAddress,
      });
      // Parsed against the URL we asked for: rules apply to the origin even if robots.txt was redirected.
      const text = response.body.toString('utf8').replace(/^\uFEFF/, ''); // a BOM would hide the first line's field name
      return { kind: 'rules', robot: robotsParser(robotsUrl, text) };
    } catch (err) {
      if (err instanceof SafeFetchError) return policyForFailure(err);
      throw err;
    }
  }
}

/** Process-wide cache for callers without their own (POST /extract). */
const defaultRobotsCache = new RobotsTxtCache();

export function isAllowedByRobots(
  url: string,
  userAgent: string,
  cache: RobotsTxtCache = defaultRobotsCache,
): Promise<boolean> {
  return cache.isAllowed(url, userAgent);
}
