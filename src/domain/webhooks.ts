import { createHmac } from 'node:crypto';

/**
 * Webhook rules that are ours (spec sections 2.10, 4.7, 5.6): which URLs an endpoint may have, and
 * how a delivery is signed.
 */

/** Endpoints per account: enough for every environment of a platform, not a way to fan out load. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;
const MAX_WEBHOOK_URL_LENGTH = 2048;
/** A receiver must answer within this long (spec section 8). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a webhook URL is refused, or null: https only; plain http only to a loopback host, and only when the development
 * setting allows it.
 */
export function webhookUrlProblem(input: string, allowLoopbackHttp: boolean): string | null {
  if (input.length > MAX_WEBHOOK_URL_LENGTH) return `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'not an absolute URL';
  }
  if (url.username || url.password) return 'credentials in the URL are not allowed';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return url.protocol === 'http:' ? 'only https URLs are accepted' : `scheme ${url.protocol} is not allowed; use https`;
}

/**
 * The X-Service-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the endpoint's
 * secret.
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const t = Math.floor(unixSeconds);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** A published change row, as the fan-out reads it. */
export interface PublishedChange {
  feedId: number;
  isin: string;
  name: string | null;
  event: 'fund.changed' | 'fund.refreshed';
  field: string;
  old: string;
  new: string;
  dataAsOf: string;
  /** The refresh that produced it (ISO). */
  generatedAt: string;
  changedAt: string;
}

/** The body of a delivery (spec 2.10). */
export interface WebhookEvent {
  /** Stable across retries and re-runs: `evt_` and the feed id of the event's first change. */
  id: string;
  event: PublishedChange['event'];
  createdAt: string;
  isin: string;
  name: string | null;
  changes: { field: string; old: string; new: string }[];
  dataAsOf: string;
  generatedAt: string;
  url: string;
}

/** One event per refresh of a fund and event type: the changes of one refresh travel together, in feed order. */
/**
 * Change rows of an SCPI carry field names with this prefix (domain/scpiChanges.ts); its resource is GET /scpi/{id}.
 */
export const SCPI_FIELD_PREFIX = 'scpi.';

export function webhookEvents(
  rows: readonly PublishedChange[],
  fundUrl: (isin: string, resource: 'funds' | 'scpi') => string,
): WebhookEvent[] {
  const events = new Map<string, WebhookEvent>();
  for (const row of [...rows].sort((a, b) => a.feedId - b.feedId)) {
    const key = `${row.isin}|${row.generatedAt}|${row.event}`;
    let event = events.get(key);
    if (!event) {
      event = {
        id: `evt_${row.feedId}`,
        event: row.event,
        createdAt: row.changedAt,
        isin: row.isin,
        name: row.name,
        changes: [],
        dataAsOf: row.dataAsOf,
        generatedAt: row.generatedAt,
        url: fundUrl(row.isin, row.field.startsWith(SCPI_FIELD_PREFIX) ? 'scpi' : 'funds'),
      };
      events.set(key, event);
    }
    event.changes.push({ field: row.field, old: row.old, new: row.new });
  }
  return [...events.values()];
}

/** True when an endpoint subscribed to the event's type and, if it lists ISINs, to its fund. */
export function endpointWants(
  endpoint: { events: readonly string[]; isins: readonly string[] | null },
  event: Pick<WebhookEvent, 'event' | 'isin'>,
): boolean {
  return endpoint.events.includes(event.event) && (endpoint.isins === null || endpoint.isins.includes(event.isin));
}
