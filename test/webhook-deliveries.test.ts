import Stripe from 'stripe';

import type { WebhookEvent } from '../src/domain/webhooks';
import type { FundEnvelope } from '../src/schema/fund';
import type { WebhookCreated, WebhookList } from '../src/schema/webhooks';
import type { z } from '../src/schema/zod';
import { db, eptFile, get, json, makeStale, newKey, post, uniqueIsin, writeLibraryFund } from './helpers';
import { receiver } from './receiver';

/**
 * Deliveries of real change events, with the retry schedule shortened to 1 s per retry by `npm test`
 * (WEBHOOK_RETRY_DELAYS=1s,...): the same workflow and timers as the production schedule.
 */

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stripe = new Stripe('sk_test_unused');

describe('webhook deliveries of change events', () => {
  let key: string;
  beforeAll(async () => {
    ({ key } = await newKey('scale'));
  });

  /** A stored fund whose next refresh moves its risk indicator from 3 to 5 and its as-of date. */
  async function fundAboutToChange(): Promise<string> {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Sample Hooked Fund', 3) });
    expect((await get(`/funds/${isin}`, key)).status).toBe(200);
    await writeLibraryFund(isin, {
      'ept.csv': eptFile(isin, 'Sample Hooked Fund', 5).replace('2026-01-15', '2026-06-30'),
    });
    return isin;
  }

  async function refresh(isin: string): Promise<void> {
    await makeStale(isin);
    expect((await json<z.infer<typeof FundEnvelope>>(await get(`/funds/${isin}`, key))).cached).toBe(false);
  }

  it('retries a failing receiver on the schedule with the same event id, each attempt signed afresh, until it answers 2xx', async () => {
    const hook = await receiver((n) => (n <= 2 ? 500 : 200));
    try {
      const isin = await fundAboutToChange();
      const { secret } = await json<z.infer<typeof WebhookCreated>>(
        await post('/webhooks', key, { url: hook.url, events: ['fund.changed'], isins: [isin] }),
      );
      await refresh(isin);
      await waitFor('three attempts', () => hook.hits.length >= 3);
      await new Promise((r) => setTimeout(r, 1500)); // nothing after the success
      expect(hook.hits).toHaveLength(3);
      expect(new Set(hook.hits.map((h) => h.eventId)).size).toBe(1);
      expect(hook.hits[1].at - hook.hits[0].at).toBeGreaterThanOrEqual(900);
      expect(hook.hits[2].at - hook.hits[1].at).toBeGreaterThanOrEqual(900);
      const event = stripe.webhooks.constructEvent(
        hook.hits[2].body,
        hook.hits[2].signature,
        secret,
      ) as unknown as Record<string, unknown>;
      expect(event).toMatchObject({
        id: hook.hits[0].eventId,
        event: 'fund.changed',
        isin,
        name: 'Sample Hooked Fund',
        changes: [{ field: 'riskRating', old: '3', new: '5' }],
        dataAsOf: '2026-06-30',
      });
      expect(String(event.url)).toMatch(new RegExp(`/api/v1/funds/${isin}$`));
      const { rows } = await db().query(
        'SELECT attempts, last_status, delivered_at IS NOT NULL AS delivered FROM webhook_deliveries WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE url = $1)',
        [hook.url],
      );
      expect(rows).toEqual([{ attempts: 3, last_status: 200, delivered: true }]);
    } finally {
      await hook.close();
    }
  });

  it('disables the endpoint after the sixth failed retry, and delivers nothing more to it', async () => {
    const hook = await receiver(() => 503);
    try {
      const isin = await fundAboutToChange();
      const { id } = await json<z.infer<typeof WebhookCreated>>(
        await post('/webhooks', key, { url: hook.url, isins: [isin] }),
      );
      await refresh(isin);
      const endpoint = async () =>
        (await json<z.infer<typeof WebhookList>>(await get('/webhooks', key))).webhooks.find((w) => w.id === id);
      await waitFor('the endpoint to be disabled', async () => (await endpoint())!.active === false);
      // Two events (fund.changed and fund.refreshed), each tried once and retried six times, unless the endpoint was
      // disabled meanwhile.
      const perEvent = new Map<string, number>();
      hook.hits.forEach((h) => perEvent.set(h.eventId, (perEvent.get(h.eventId) ?? 0) + 1));
      expect(Math.max(...perEvent.values())).toBe(7);
      const before = hook.hits.length;
      await new Promise((r) => setTimeout(r, 2500));
      expect(hook.hits.length).toBe(before);
    } finally {
      await hook.close();
    }
  });

  it('counts a receiver that does not answer within 10 s as a failure, and delivers on the retry', async () => {
    const hook = await receiver((n) => (n === 1 ? 'hang' : 200));
    try {
      const isin = await fundAboutToChange();
      await post('/webhooks', key, { url: hook.url, events: ['fund.refreshed'], isins: [isin] });
      await refresh(isin);
      await waitFor('the retry', () => hook.hits.length >= 2, 40_000);
      expect(hook.hits[1].at - hook.hits[0].at).toBeGreaterThanOrEqual(10_000);
      expect(hook.hits[1].eventId).toBe(hook.hits[0].eventId);
      expect(JSON.parse(hook.hits[1].body)).toMatchObject({
        event: 'fund.refreshed',
        changes: [{ field: 'dataAsOf', old: '2026-01-15', new: '2026-06-30' }],
      });
    } finally {
      await hook.close();
    }
  }, 60_000);

  it('delivers only to active endpoints that subscribed to the event and the fund', async () => {
    const wanted = await receiver(() => 200);
    const otherFund = await receiver(() => 200);
    const disabled = await receiver(() => 200);
    try {
      const isin = await fundAboutToChange();
      await post('/webhooks', key, { url: wanted.url, events: ['fund.refreshed'], isins: [isin] });
      await post('/webhooks', key, { url: otherFund.url, isins: [uniqueIsin()] });
      const { id } = await json<z.infer<typeof WebhookCreated>>(
        await post('/webhooks', key, { url: disabled.url, isins: [isin] }),
      );
      await post(`/webhooks/${id}`, key, { action: 'disable' });
      await refresh(isin);
      await waitFor('the delivery', () => wanted.hits.length >= 1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(wanted.hits.map((h) => (JSON.parse(h.body) as WebhookEvent).event)).toEqual(['fund.refreshed']);
      expect(otherFund.hits).toHaveLength(0);
      expect(disabled.hits).toHaveLength(0);
    } finally {
      await Promise.all([wanted.close(), otherFund.close(), disabled.close()]);
    }
  });
});
