import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { db, get, json, post, setUsed } from './helpers';
import { receiver } from './receiver';
import { PASSWORD, signedUpClient, SiteClient, uniqueEmail } from './siteClient';

/**
 * The dashboard against the test stack: usage as the metering counted it, keys (created, listed, revoked
 * at once), plan gates, an operator's plan change, webhooks, saved factsheets, the change feed, and what an
 * account with an unverified address may spend.
 */
const SAMPLE = 'ZZSMPL000014';
const run = promisify(execFile);

/** Polls a page until `ready` holds (the usage chart's rows are written every second or so). */
async function pageUntil(client: SiteClient, pathname: string, ready: (html: string) => boolean): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { html } = await client.page(pathname);
    if (ready(html) || Date.now() > deadline) return html;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('usage', () => {
  it('shows the credits used this month and the calls per operation after a call', async () => {
    const { client, key } = await signedUpClient('usage');
    expect((await get(`/funds/${SAMPLE}`, key)).status).toBe(200);
    expect((await get('/search?q=sample', key)).status).toBe(200);
    const html = await pageUntil(
      client,
      '/dashboard',
      (h) => h.includes('GET /funds/:isin') && h.includes('GET /search'),
    );
    expect(html).toContain('GET /funds/:isin');
    expect(html).toContain('GET /search');
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toMatch(/Free/);
    const keys = await pageUntil(client, '/dashboard/keys', (h) => !/never/i.test(h));
    expect(keys).not.toMatch(/>\s*never\s*</i);
  });

  it("shows an operator's plan change on the next page load, and the features it opens", async () => {
    const { client, email } = await signedUpClient('plan');
    const gated = await client.page('/dashboard/webhooks');
    expect(gated.status).toBe(403);
    expect(gated.html).toMatch(/Scale/);
    expect(gated.html).not.toMatch(/name="url"/);
    expect((await client.page('/dashboard/changes')).status).toBe(403);
    await run('npm', ['run', '--silent', 'keys', '--', 'plan', email, 'scale'], {
      cwd: path.resolve(__dirname, '..'),
      env: process.env,
    });
    const open = await client.page('/dashboard/webhooks');
    expect(open.status).toBe(200);
    expect(open.html).toMatch(/name="url"/);
    expect((await client.page('/dashboard')).html).toMatch(/Scale/);
  }, 60_000);
});

describe('keys', () => {
  it('are created with a name and shown once, listed, and revoked at once for the API', async () => {
    const { client } = await signedUpClient('keys');
    const { csrf } = await client.page('/dashboard/keys');
    const created = await client.submit('/dashboard/keys', { label: '<b>ci</b> runner' }, csrf);
    expect(created.status).toBe(201);
    const html = await created.text();
    const key = /id="new-key"[^>]*>([^<]+)</.exec(html)?.[1] ?? '';
    expect(key).toMatch(/^fds_/);
    expect(html).toContain('&lt;b&gt;ci&lt;/b&gt; runner');
    expect((await get('/me', key)).status).toBe(200);
    const listed = await client.page('/dashboard/keys');
    expect(listed.html).not.toContain(key);
    const id = key.split('_')[1];
    expect(listed.html).toContain(id);
    const revoked = await client.submit(`/dashboard/keys/${id}/revoke`, {}, listed.csrf);
    expect(revoked.status).toBe(303);
    const me = await get('/me', key);
    expect([me.status, (await json<{ code: string }>(me)).code]).toEqual([401, 'revoked_api_key']);
    const other = await client.submit('/dashboard/keys/AAAAAAAAAAAA/revoke', {}, listed.csrf);
    expect(other.status).toBe(404);
  });

  it('of another account cannot be revoked', async () => {
    const owner = await signedUpClient('owner');
    const intruder = await signedUpClient('intruder');
    const { csrf } = await intruder.client.page('/dashboard/keys');
    const id = owner.key.split('_')[1];
    expect((await intruder.client.submit(`/dashboard/keys/${id}/revoke`, {}, csrf)).status).toBe(404);
    expect((await get('/me', owner.key)).status).toBe(200);
  });
});

describe('an unverified address', () => {
  it('may spend the first credits, then gets 403 email_unverified until verified', async () => {
    const client = new SiteClient();
    const email = uniqueEmail('unverified');
    await client.fill('/signup', '/signup', { email, password: PASSWORD });
    await client.fill('/login', '/login', { email, password: PASSWORD });
    const { csrf } = await client.page('/dashboard/keys');
    const html = await (await client.submit('/dashboard/keys', { label: 'early' }, csrf)).text();
    const key = /id="new-key"[^>]*>([^<]+)</.exec(html)?.[1] ?? '';
    expect((await get(`/funds/${SAMPLE}`, key)).status).toBe(200);
    await setUsed(email, 20);
    const refused = await get(`/funds/${SAMPLE}`, key);
    expect(refused.status).toBe(403);
    expect((await json<{ code: string }>(refused)).code).toBe('email_unverified');
    expect((await get('/me', key)).status).toBe(200); // free calls still answer
    await db().query('UPDATE accounts SET verified_at = now() WHERE email = $1', [email]);
    expect((await get(`/funds/${SAMPLE}`, key)).status).toBe(200);
  });
});

describe('webhooks', () => {
  it('are created with the secret shown once, tested, disabled, enabled and deleted, with their deliveries listed', async () => {
    const { client, email } = await signedUpClient('hooks');
    await db().query("UPDATE accounts SET plan_id = 'scale' WHERE email = $1", [email]);
    const hook = await receiver(() => 204);
    try {
      const { csrf } = await client.page('/dashboard/webhooks');
      const created = await client.submit(
        '/dashboard/webhooks',
        { url: hook.url, events: ['fund.changed'], isins: `${SAMPLE}` },
        csrf,
      );
      expect(created.status).toBe(201);
      const html = await created.text();
      const secret = /id="new-secret"[^>]*>([^<]+)</.exec(html)?.[1] ?? '';
      expect(secret).toMatch(/^whsec_/);
      const id = /\/dashboard\/webhooks\/(we_[0-9a-f]{24})\/action/.exec(html)?.[1] ?? '';
      const act = (action: string) => client.submit(`/dashboard/webhooks/${id}/action`, { action }, csrf);
      const tested = await act('test');
      expect(tested.status).toBe(200);
      expect(hook.hits).toHaveLength(1);
      expect(hook.hits[0].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const listed = await client.page('/dashboard/webhooks');
      expect(listed.html).not.toContain(secret);
      expect(listed.html).toContain(hook.hits[0].eventId);
      expect(listed.html).toContain('204');
      expect((await act('disable')).status).toBe(303);
      expect((await client.page('/dashboard/webhooks')).html).toMatch(/value="enable"/);
      expect((await act('enable')).status).toBe(303);
      expect((await act('delete')).status).toBe(303);
      expect((await client.page('/dashboard/webhooks')).html).not.toContain(id);
      const invalid = await client.submit('/dashboard/webhooks', { url: 'http://10.0.0.1/x', isins: 'nope' }, csrf);
      expect(invalid.status).toBe(400);
    } finally {
      await hook.close();
    }
  });
});

describe('factsheets and the change feed', () => {
  it('lists the saved sheets with their links, stars and deletes them', async () => {
    const { client, key } = await signedUpClient('sheets');
    const made = await post('/factsheets', key, { isin: SAMPLE, deliver: 'link' });
    expect(made.status).toBe(200);
    const sheet = await json<{ id: string; links: { html: string } }>(made);
    const { html, csrf } = await client.page('/dashboard/factsheets');
    expect(html).toContain(sheet.links.html);
    expect((await client.submit(`/dashboard/factsheets/${sheet.id}/action`, { action: 'star' }, csrf)).status).toBe(
      303,
    );
    expect((await client.page('/dashboard/factsheets?favorites=1')).html).toContain(sheet.id);
    expect((await client.submit(`/dashboard/factsheets/${sheet.id}/action`, { action: 'delete' }, csrf)).status).toBe(
      303,
    );
    expect((await client.page('/dashboard/factsheets')).html).not.toContain(sheet.id);
    expect((await fetch(sheet.links.html)).status).toBe(404);
    expect((await client.submit('/dashboard/factsheets/not-a-uuid/action', { action: 'star' }, csrf)).status).toBe(404);
  });

  it('pages through the change feed with a filter, and refuses a bad ISIN with a message', async () => {
    const { client, email } = await signedUpClient('feed');
    await db().query("UPDATE accounts SET plan_id = 'enterprise' WHERE email = $1", [email]);
    const page = await client.page(`/dashboard/changes?isin=${SAMPLE}&event=fund.changed`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/value="fund.changed"[^>]*selected|selected[^>]*value="fund.changed"/);
    const bad = await client.page('/dashboard/changes?isin=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.html).not.toContain('<script>');
    expect((await client.page('/dashboard/changes?since=yesterday')).status).toBe(400);
  });
});
