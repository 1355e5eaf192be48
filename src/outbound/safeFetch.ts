/**
 * GET a URL supplied by configuration or by a user (POST /extract) without letting it reach
 * anything but the public internet: every hop's host is resolved, every address is checked,
 * and the connection is pinned to the checked addresses. Size and time are capped throughout.
 */
import dns from 'node:dns';
import net from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/** Decides whether a resolved address may be connected to. */
export type AddressPolicy = (address: string) => boolean;

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; injectable so tests can simulate DNS. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  /** Largest body accepted, after content decoding. */
  maxBytes: number;
  /** Budget for the whole fetch: every DNS lookup, redirect hop and the body. */
  timeoutMs: number;
  userAgent: string;
  /** Redirects followed before giving up; default 5. */
  maxRedirects?: number;
  /** Tests only: skip the address check entirely. */
  allowPrivateHosts?: boolean;
  /** Tests only: replaces the address policy (wins over allowPrivateHosts). */
  isAllowedAddress?: AddressPolicy;
  /** Defaults to dns.lookup with all addresses. */
  resolveHost?: HostResolver;
  /** Sent as Accept; default any. */
  accept?: string;
  /** POST this body (a webhook delivery) instead of a GET; more headers to send with it. */
  post?: { body: string; headers: Record<string, string> };
  /** More headers for any request (conditional requests, an Origin); they never replace the User-Agent. */
  headers?: Record<string, string>;
  /**
   * Where each hop is really sent (a mirror standing for a host, ISSUER_HOST_MAP): the address is checked and
   * connected to after the rewrite, while redirects, finalUrl and errors keep speaking of the URL as asked.
   */
  rewriteUrl?: (url: URL) => URL;
}

export interface SafeFetchResult {
  finalUrl: string;
  status: number;
  contentType: string | null;
  /** Validators for a later conditional request. */
  etag: string | null;
  lastModified: string | null;
  body: Buffer;
}

const DEFAULT_MAX_REDIRECTS = 5;

/** Base of every error safeFetch throws, so callers can tell them from their own bugs. */
export class SafeFetchError extends Error {
  constructor(
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Not an absolute http(s) URL, or one this fetcher refuses to interpret (credentials, odd numeric hosts). */
export class BadUrlError extends SafeFetchError {
  constructor(url: string, reason: string) {
    super(url, `bad url ${JSON.stringify(url)}: ${reason}`);
  }
}

/**
 * The host resolves to (or is) an address outside the public internet. The message, which reaches
 * clients, never says what a name resolved to (that would map our internal network for them);
 * `address` keeps it for our logs.
 */
export class BlockedAddressError extends SafeFetchError {
  constructor(
    url: string,
    readonly host: string,
    readonly address: string,
  ) {
    super(
      url,
      `${url}: the address of ${host} is not allowed (private, loopback, link-local and metadata addresses are refused)`,
    );
  }
}

export class TooLargeError extends SafeFetchError {
  constructor(
    url: string,
    readonly maxBytes: number,
    readonly declaredBytes: number | null,
  ) {
    super(
      url,
      declaredBytes === null
        ? `${url}: body exceeds ${maxBytes} bytes`
        : `${url}: Content-Length ${declaredBytes} exceeds ${maxBytes} bytes`,
    );
  }
}

export class FetchTimeoutError extends SafeFetchError {
  constructor(
    url: string,
    readonly timeoutMs: number,
  ) {
    super(url, `${url}: no complete response within ${timeoutMs} ms`);
  }
}

/** A final (non-redirect) response outside 2xx. */
export class HttpStatusError extends SafeFetchError {
  constructor(
    url: string,
    readonly status: number,
    readonly retryAfter: string | null,
  ) {
    super(url, `${url}: HTTP ${status}`);
  }
}

/** The connection failed or broke (DNS failure, refused, reset). Usually worth retrying. */
export class FetchNetworkError extends SafeFetchError {
  constructor(
    url: string,
    readonly code: string | null,
    cause: unknown,
  ) {
    super(url, `${url}: network error${code ? ` ${code}` : ''}: ${errorMessage(cause)}`, { cause });
  }
}

/** A response this fetcher cannot use: too many redirects, a redirect without Location, an unknown encoding. */
export class BadResponseError extends SafeFetchError {
  constructor(url: string, reason: string) {
    super(url, `${url}: ${reason}`);
  }
}

// IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291). ipaddr.js calls it unicast, but some stacks
// still map it onto IPv4, so ::127.0.0.1 could otherwise reach loopback.
const IPV4_COMPATIBLE: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('::'), 96];

/**
 * True only for global unicast addresses. Deny by default: ipaddr.js gives every special-purpose
 * block its own range name (private, loopback, linkLocal incl. 169.254.169.254, uniqueLocal incl.
 * fd00:ec2::254, multicast, unspecified, carrierGradeNat, reserved incl. 198.18/15 benchmarking,
 * benchmarking, NAT64/6to4/Teredo which embed IPv4, ...), so anything not plain 'unicast' is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6) {
    // ::ffff:127.0.0.1 is 127.0.0.1 on the wire: judge the embedded IPv4 address.
    if (parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
    else if (parsed.match(IPV4_COMPATIBLE)) return false;
  }
  return parsed.range() === 'unicast';
}

/** Parses and vets a URL; numeric hosts (2130706433, 0x7f.1) come back canonical (127.0.0.1) from WHATWG parsing. */
export function parseFetchableUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new BadUrlError(input, 'not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BadUrlError(input, `scheme ${url.protocol} not allowed`);
  // Credentials in a URL are never needed for public documents and would be sent to whoever answers.
  if (url.username || url.password) throw new BadUrlError(input, 'credentials in URL');
  if (!url.hostname) throw new BadUrlError(input, 'no host');
  url.hash = '';
  return url;
}

function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

async function lookupAll(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/**
 * The addresses this hop may connect to. Every address must pass: a name that mixes public and
 * private answers is refused outright rather than filtered, because it is a rebinding tell.
 */
async function resolveChecked(url: URL, policy: AddressPolicy, resolve: HostResolver): Promise<ResolvedAddress[]> {
  const host = bareHost(url);
  const literalFamily = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literalFamily !== 0) {
    addresses = [{ address: host, family: literalFamily === 6 ? 6 : 4 }];
  } else if (ipaddr.isValid(host)) {
    // WHATWG parsing canonicalises numeric hosts; one that survives un-canonical is ambiguous, so refuse it.
    throw new BadUrlError(url.href, `ambiguous numeric host ${host}`);
  } else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      throw new FetchNetworkError(url.href, errorCode(err), err);
    }
    if (addresses.length === 0)
      throw new FetchNetworkError(url.href, 'ENOTFOUND', new Error(`no addresses for ${host}`));
  }
  const blocked = addresses.find(({ address }) => !policy(address));
  if (blocked) throw new BlockedAddressError(url.href, host, blocked.address);
  return addresses;
}

/**
 * Checks, without requesting anything, that every address the URL's host resolves to passes `policy` (throws
 * BlockedAddressError or FetchNetworkError).
 */
export async function checkHostAddresses(
  url: URL,
  policy: AddressPolicy = isPublicAddress,
  resolve: HostResolver = lookupAll,
): Promise<void> {
  await resolveChecked(url, policy, resolve);
}

/**
 * A net.connect lookup that answers only with the already-checked addresses, so a second DNS answer
 * (rebinding between check and connect) can never be used. TLS still verifies against the host name.
 */
function pinnedLookup(addresses: ResolvedAddress[]): net.LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const candidates = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    if (candidates.length === 0) {
      const err: NodeJS.ErrnoException = new Error(`no pinned IPv${family} address for ${hostname}`);
      err.code = 'ENOTFOUND';
      callback(err, '');
    } else if (options.all) {
      callback(null, candidates);
    } else {
      callback(null, candidates[0].address, candidates[0].family);
    }
  };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Undoes Content-Encoding so the byte cap counts what we keep (a small gzip can expand enormously). */
function decodeBody(url: string, body: Readable, encoding: string | null): Readable {
  const coding = encoding?.trim().toLowerCase() ?? '';
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  if (coding === '' || coding === 'identity') return body;
  else if (coding === 'gzip' || coding === 'x-gzip') decoder = zlib.createGunzip();
  else if (coding === 'deflate') decoder = zlib.createInflate();
  else if (coding === 'br') decoder = zlib.createBrotliDecompress();
  else throw new BadResponseError(url, `unsupported Content-Encoding ${coding}`);
  // pipeline propagates errors both ways; the error surfaces where the decoder is read.
  return pipeline(body, decoder, () => {});
}

/** Collects the body, stopping at the first chunk that would pass the cap; nothing beyond it is kept. */
async function readCapped(url: string, body: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    // Leaving the loop destroys the stream, and the caller destroys the connection.
    if (total > maxBytes) throw new TooLargeError(url, maxBytes, null);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

interface Hop {
  url: URL;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable & AsyncIterable<Buffer>;
}

/** One request to one checked, pinned host. The caller owns the agent and closes it. */
async function requestHop(
  url: URL,
  target: URL,
  agent: Agent,
  opts: SafeFetchOptions,
  signal: AbortSignal,
): Promise<Hop> {
  try {
    const response = await request(target, {
      dispatcher: agent,
      method: opts.post ? 'POST' : 'GET',
      signal,
      body: opts.post?.body,
      headers: {
        ...opts.headers,
        ...opts.post?.headers,
        'user-agent': opts.userAgent,
        accept: opts.accept ?? '*/*',
        // Ask for identity; decodeBody still copes with servers that compress anyway.
        'accept-encoding': 'identity',
      },
    });
    const body = response.body as Hop['body'];
    // Bodies we abandon (redirects, errors, caps) are destroyed, which emits an abort error; readers
    // still see errors through their own iterator, this only keeps the abandoned case from crashing.
    body.on('error', () => {});
    return { url, status: response.statusCode, headers: response.headers, body };
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    throw new FetchNetworkError(url.href, errorCode(err), err);
  }
}

function redirectTarget(hop: Hop): URL {
  const location = header(hop.headers, 'location');
  if (!location) throw new BadResponseError(hop.url.href, `HTTP ${hop.status} without Location`);
  let target: string;
  try {
    target = new URL(location, hop.url).href;
  } catch {
    throw new BadUrlError(location, `unparseable redirect from ${hop.url.href}`);
  }
  return parseFetchableUrl(target);
}

async function consumeHop(hop: Hop, maxBytes: number): Promise<SafeFetchResult> {
  const url = hop.url.href;
  const declared = header(hop.headers, 'content-length');
  // Refuse before reading a byte when the server already says it is too big.
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    throw new TooLargeError(url, maxBytes, Number(declared));
  }
  const decoded = decodeBody(url, hop.body, header(hop.headers, 'content-encoding'));
  const body = await readCapped(url, decoded, maxBytes);
  return {
    finalUrl: url,
    status: hop.status,
    contentType: header(hop.headers, 'content-type'),
    etag: header(hop.headers, 'etag'),
    lastModified: header(hop.headers, 'last-modified'),
    body,
  };
}

/** Races a promise that cannot itself be cancelled (dns.lookup) against the deadline. */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Why the deadline's signal was aborted: safeFetch aborts it only with its FetchTimeoutError. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason as Error;
}

async function fetchHops(start: URL, opts: SafeFetchOptions, signal: AbortSignal): Promise<SafeFetchResult> {
  const policy = opts.isAllowedAddress ?? (opts.allowPrivateHosts ? () => true : isPublicAddress);
  const resolve = opts.resolveHost ?? lookupAll;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url = start;
  for (let redirects = 0; ; redirects++) {
    // Every hop is re-resolved and re-checked: a public page may redirect to 169.254.169.254.
    const target = opts.rewriteUrl ? opts.rewriteUrl(url) : url;
    const addresses = await beforeDeadline(resolveChecked(target, policy, resolve), signal);
    // One agent per hop: its lookup is pinned to this hop's addresses and it never pools across hosts.
    const agent = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
    try {
      const hop = await requestHop(url, target, agent, opts, signal);
      if (REDIRECT_STATUSES.has(hop.status)) {
        hop.body.destroy();
        if (redirects >= maxRedirects) throw new BadResponseError(url.href, `more than ${maxRedirects} redirects`);
        url = redirectTarget(hop);
        continue;
      }
      if (hop.status < 200 || hop.status > 299) {
        hop.body.destroy();
        throw new HttpStatusError(url.href, hop.status, header(hop.headers, 'retry-after'));
      }
      return await consumeHop(hop, opts.maxBytes);
    } finally {
      // destroy, not close: on errors the body may be half-read and must not be drained.
      await agent.destroy();
    }
  }
}

/**
 * GETs (or POSTs, see `post`) a public http(s) URL within the byte and time caps; see the module comment for the
 * guarantees.
 */
export async function safeFetch(input: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const start = parseFetchableUrl(input);
  const timeout = new FetchTimeoutError(start.href, opts.timeoutMs);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeout), opts.timeoutMs);
  try {
    return await fetchHops(start, opts, controller.signal);
  } catch (err) {
    // Whatever surfaced after the deadline (an abort, a reset socket) is reported as the timeout.
    if (controller.signal.aborted) throw timeout;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

function errorCode(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
