import Stripe from 'stripe';

import { WebhookActionResult, WebhookCreated, WebhookList } from '../src/schema/webhooks';
import type { z } from '../src/schema/zod';
import { API, db, get, json, newKey, post } from './helpers';
import { receiver } from './receiver';

function del(path: string, key: string): Promise<Response> {
  return fetch(`${API}${path}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
}

const stripe = new Stripe('sk_test_unused');

type Created = z.infer<typeof WebhookCreated>;

describe('webhook endpoints (spec 4.7)', () => {
  let key: string;
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    ({ key } = await newKey('scale'));
    hook = await receiver((n) => (n === 1 ? 500 : 200)); // the first delivery fails
  });
  afterAll(() => hook.close());

  it('creates an active endpoint and shows its secret once; lists without secrets; stores the secret sealed', async () => {
    const res = await post('/webhooks', key, { url: hook.url, events: ['fund.changed'] });
    expect(res.status).toBe(201);
    const created = WebhookCreated.parse(await json(res));
    expect(created).toMatchObject({ url: hook.url, events: ['fund.changed'], isins: null, active: true });
    expect(created.secret).toMatch(/^whsec_/);
    const list = WebhookList.parse(await json(await get('/webhooks', key)));
    expect(list.webhooks.map((w) => w.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const { rows } = await db().query<{ secret_sealed: Buffer }>(
      'SELECT secret_sealed FROM webhook_endpoints WHERE id = $1',
      [created.id],
    );
    expect(rows[0].secret_sealed.toString('latin1')).not.toContain(created.secret.slice(6));
  });

  it("sends a signed test event that an independent implementation (Stripe's library) verifies, and reports the receiver's status", async () => {
    const { id, secret } = await json<Created>(await post('/webhooks', key, { url: hook.url }));
    const failed = WebhookActionResult.parse(await json(await post(`/webhooks/${id}`, key, {})));
    expect(failed).toEqual({ id, delivered: false, status: 500, active: true });
    const ok = await json<z.infer<typeof WebhookActionResult>>(await post(`/webhooks/${id}`, key, { action: 'test' }));
    expect(ok).toEqual({ id, delivered: true, status: 200, active: true });

    const delivery = hook.hits.at(-1)!;
    const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, secret) as unknown as Record<
      string,
      unknown
    >;
    expect(event).toMatchObject({
      id: delivery.eventId,
      test: true,
      isin: 'ZZSMPL000014',
      changes: [expect.objectContaining<Record<string, unknown>>({ field: expect.any(String) })],
    });
    expect(() => stripe.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_wrong')).toThrow();
    const stale = delivery.signature.replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 301}`);
    expect(() => stripe.webhooks.constructEvent(delivery.body, stale, secret, 300)).toThrow(); // five-minute tolerance
  });

  it("disables and enables; another account's endpoint is not found; deletes with 204", async () => {
    const { id } = await json<Created>(await post('/webhooks', key, { url: hook.url }));
    expect(await json(await post(`/webhooks/${id}`, key, { action: 'disable' }))).toEqual({
      id,
      delivered: false,
      status: null,
      active: false,
    });
    expect(await json(await post(`/webhooks/${id}`, key, { action: 'enable' }))).toMatchObject({ active: true });
    const { key: other } = await newKey('scale');
    expect((await post(`/webhooks/${id}`, other, { action: 'disable' })).status).toBe(404);
    expect((await del(`/webhooks/${id}`, other)).status).toBe(404);
    expect((await del(`/webhooks/${id}`, key)).status).toBe(204);
    const gone = await del(`/webhooks/${id}`, key);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toMatchObject({ code: 'not_found' });
  });

  describe('bad input changes nothing', () => {
    it.each([
      ['no url', {}],
      ['http to a public host', { url: 'http://example.com/hook' }],
      ['another scheme', { url: 'ftp://example.com/hook' }],
      ['a private address', { url: 'https://10.0.0.8/hook' }],
      ['the metadata address', { url: 'https://169.254.169.254/latest' }],
      ['a link-local IPv6 address', { url: 'https://[fe80::1]/hook' }],
      ['an unknown event', { url: 'https://example.com/hook', events: ['fund.deleted'] }],
      ['no events', { url: 'https://example.com/hook', events: [] }],
      ['an invalid ISIN', { url: 'https://example.com/hook', isins: ['US0378331006'] }],
    ])('POST /webhooks with %s: 400 invalid_body', async (_, body) => {
      const before = (await json<z.infer<typeof WebhookList>>(await get('/webhooks', key))).count;
      const res = await post('/webhooks', key, body);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code: 'invalid_body' });
      expect((await json<z.infer<typeof WebhookList>>(await get('/webhooks', key))).count).toBe(before);
    });

    it('refuses an unknown action with 400, and pro and lower plans with 403 plan_required', async () => {
      const { id } = await json<Created>(await post('/webhooks', key, { url: hook.url }));
      expect(await json(await post(`/webhooks/${id}`, key, { action: 'explode' }))).toMatchObject({
        code: 'invalid_body',
      });
      const { key: pro } = await newKey('pro');
      const refused = await get('/webhooks', pro);
      expect(refused.status).toBe(403);
      expect(await json(refused)).toMatchObject({ code: 'plan_required', requiredPlan: 'scale' });
    });
  });
});
