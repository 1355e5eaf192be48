import { MAX_WEBHOOKS_PER_ACCOUNT, webhookUrlProblem } from '../domain/webhooks';
import type { ChangeEvent } from '../schema/changes';
import type { DeliveryResult, WebhookEndpoint, WebhookSender, WebhookSpec, WebhookStore } from './ports/webhooks';

export interface WebhookDeps {
  store: WebhookStore;
  sender: WebhookSender;
  /** Development only: http to loopback hosts (WEBHOOKS_ALLOW_LOOPBACK_HTTP). */
  allowLoopbackHttp: boolean;
  /** Where the delivery body's `url` points (the fund resource), `{isin}` replaced. */
  fundUrl: (isin: string) => string;
}

export type CreateOutcome =
  { outcome: 'created'; endpoint: WebhookEndpoint; secret: string } | { outcome: 'refused'; message: string };

/**
 * Creating an endpoint: the URL's scheme (https; http only to loopback in development) and its
 * addresses (never private, loopback, link-local or metadata) are checked now and again at each
 * delivery. A new endpoint starts active, as Stripe's do: the secret is shown once, here.
 */
export async function createWebhook(deps: WebhookDeps, accountId: number, spec: WebhookSpec): Promise<CreateOutcome> {
  const problem = webhookUrlProblem(spec.url, deps.allowLoopbackHttp) ?? (await deps.sender.addressProblem(spec.url));
  if (problem) return { outcome: 'refused', message: `url: ${problem}` };
  if ((await deps.store.count(accountId)) >= MAX_WEBHOOKS_PER_ACCOUNT)
    return {
      outcome: 'refused',
      message: `An account has at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhook endpoints; delete one first`,
    };
  const { endpoint, secret } = await deps.store.create(accountId, spec);
  return { outcome: 'created', endpoint, secret };
}

export type WebhookAction = 'test' | 'enable' | 'disable';

export interface ActionResult {
  id: string;
  delivered: boolean;
  status: number | null;
  active: boolean;
}

/**
 * POST /webhooks/{id}: enable, disable, or send a signed test event now (the endpoint's state unchanged). Null: no such
 * endpoint on the account.
 */
export async function actOnWebhook(
  deps: WebhookDeps,
  accountId: number,
  id: string,
  action: WebhookAction,
  now = new Date(),
): Promise<ActionResult | null> {
  if (action !== 'test') {
    const endpoint = await deps.store.setActive(accountId, id, action === 'enable');
    return endpoint ? { id, delivered: false, status: null, active: endpoint.active } : null;
  }
  const found = await deps.store.withSecret(accountId, id);
  if (!found) return null;
  const { endpoint, secret } = found;
  const event = testEvent(endpoint, now, deps.fundUrl);
  const body = JSON.stringify(event);
  const result: DeliveryResult = await deps.sender.send(endpoint.url, event.id, body, secret);
  await deps.store.recordTest(endpoint.id, event.id, body, result);
  return { id, delivered: result.delivered, status: result.status, active: endpoint.active };
}

/** A test delivery: the body of spec 2.10 with `test: true`, about a sample fund. */
function testEvent(endpoint: WebhookEndpoint, now: Date, fundUrl: (isin: string) => string) {
  const isin = endpoint.isins?.[0] ?? 'ZZSMPL000014';
  const event: ChangeEvent = endpoint.events[0] ?? 'fund.changed';
  return {
    id: `evt_test_${now.getTime().toString(36)}_${endpoint.id.slice(-6)}`,
    event,
    createdAt: now.toISOString(),
    isin,
    name: 'Sample fund (test event)',
    changes: [
      {
        field: event === 'fund.refreshed' ? 'dataAsOf' : 'riskRating',
        old: event === 'fund.refreshed' ? '2026-09-30' : '4',
        new: event === 'fund.refreshed' ? '2026-10-31' : '5',
      },
    ],
    dataAsOf: '2026-10-31',
    generatedAt: now.toISOString(),
    url: fundUrl(isin),
    test: true,
  };
}
