import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { config, db, get, json, newKey } from './helpers';
import {
  mailedLink,
  mailsTo,
  mailTo,
  PASSWORD,
  signedUpClient,
  SiteClient,
  uniqueEmail,
  verifyThroughLink,
} from './siteClient';

/**
 * The site's accounts against the test stack: sign-up and the mail sink, verification, sessions and their
 * cookies, CSRF, the attempt limits, password reset and change, closing. The browser test
 * (site-browser.test.ts) walks the same paths in Chromium; this one checks each rule.
 */

const dashboardOpens = async (client: SiteClient) => (await client.request('/dashboard')).status === 200;

describe('sign-up and verification', () => {
  it('answers "check your mailbox" whether or not the address is taken, and mails each case', async () => {
    const email = uniqueEmail('signup');
    const first = await new SiteClient().fill('/signup', '/signup', { email, password: PASSWORD });
    const again = await new SiteClient().fill('/signup', '/signup', { email: email.toUpperCase(), password: PASSWORD });
    const [a, b] = [await first.text(), await again.text()];
    expect([first.status, again.status]).toEqual([200, 200]);
    const strip = (html: string) => html.replace(/name="_csrf" value="[^"]+"/g, '');
    expect(strip(a)).toEqual(strip(b));
    const messages = await mailsTo(email, 2);
    expect(messages).toHaveLength(2);
    expect(messages[0].text).toMatch(/\/verify\?token=/);
    expect(messages[1].text).not.toMatch(/token=/);
    const files = fs.readdirSync(config.accounts.mailDir).filter((f) => f.endsWith('.eml'));
    expect(fs.statSync(path.join(config.accounts.mailDir, files[0])).mode & 0o777).toBe(0o600);
    // What npm start points to: the mail, decoded, link intact.
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'mail', '--', '--to', email], {
      cwd: config.projectRoot,
      env: process.env,
    });
    expect(stdout).toContain(`To: ${email}`);
    expect(stdout).toMatch(/\/verify\?token=[A-Za-z0-9_-]{43}\n/);
  });

  it('refuses a malformed address or a short password with the form again, creating nothing', async () => {
    const client = new SiteClient();
    const bad = await client.fill('/signup', '/signup', { email: '<script>x</script>', password: PASSWORD });
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain('<script>x');
    const email = uniqueEmail('short');
    const short = await client.fill('/signup', '/signup', { email, password: 'short' });
    expect(short.status).toBe(400);
    expect((await db().query('SELECT 1 FROM accounts WHERE email = $1', [email])).rowCount).toBe(0);
    expect(mailTo(email)).toHaveLength(0);
  });

  it('verifies through the link once: the browser is logged in and the first key is shown, and works', async () => {
    const { client, key, email } = await signedUpClient('verify');
    expect(await dashboardOpens(client)).toBe(true);
    const me = await get('/me', key);
    expect(me.status).toBe(200);
    expect((await json<{ email: string }>(me)).email).toBe(email);
    const link = await mailedLink(email, '/verify');
    // Opening the link changes nothing (a mail scanner may): only its button verifies.
    const opened = await new SiteClient().page(new URL(link).pathname + new URL(link).search);
    expect(opened.status).toBe(200);
    expect(opened.html).not.toContain('fds_');
    const reused = await verifyThroughLink(new SiteClient(), link);
    expect(reused).toContain('not valid any more');
    expect(reused).not.toContain('fds_');
  });
});

describe('sessions', () => {
  it('ride in an HttpOnly, SameSite cookie, Secure with the __Host- prefix over https, and a new id at each log-in', async () => {
    const { email } = await signedUpClient('cookie');
    const client = new SiteClient();
    const first = await client.fill('/login', '/login', { email, password: PASSWORD });
    expect([first.status, first.headers.get('location')]).toEqual([303, '/dashboard']);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('fds_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const firstId = client.cookies.get('fds_session');
    // Logged in, the log-in page sends the browser on to the dashboard; a log-in posted anyway gets a new id too.
    const { csrf } = await client.page('/dashboard');
    expect((await client.submit('/login', { email, password: PASSWORD }, csrf)).status).toBe(303);
    expect(client.cookies.get('fds_session')).not.toBe(firstId);
    // The session the second log-in replaced is gone, not merely forgotten by this browser.
    const stale = new SiteClient();
    stale.cookies.set('fds_session', firstId!);
    expect(await dashboardOpens(stale)).toBe(false);

    const secure = await new SiteClient().request('/login', { headers: { 'X-Forwarded-Proto': 'https' } });
    const csrfCookie = secure.headers.getSetCookie().join('\n');
    expect(csrfCookie).toMatch(/__Host-fds_csrf=[^;]+;.*Secure/i);
  });

  it('end at log-out, after the idle time and after the absolute lifetime', async () => {
    const { client, email } = await signedUpClient('expiry');
    const logout = await client.page('/logout');
    expect((await client.submit('/logout', {}, logout.csrf)).status).toBe(303);
    expect(await dashboardOpens(client)).toBe(false);

    const pool = db();
    const idle = new SiteClient();
    await idle.fill('/login', '/login', { email, password: PASSWORD });
    expect(await dashboardOpens(idle)).toBe(true);
    await pool.query(
      `UPDATE sessions SET last_seen_at = now() - interval '61 minutes'
        WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [email],
    );
    expect(await dashboardOpens(idle)).toBe(false);

    const old = new SiteClient();
    await old.fill('/login', '/login', { email, password: PASSWORD });
    await pool.query(
      `UPDATE sessions SET created_at = now() - interval '13 hours'
        WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [email],
    );
    expect(await dashboardOpens(old)).toBe(false);
  });

  it('lead back to the page that asked for a log-in', async () => {
    const { email } = await signedUpClient('next');
    const client = new SiteClient();
    const asked = await client.request('/dashboard/keys');
    expect(asked.headers.get('location')).toBe('/login?next=%2Fdashboard%2Fkeys');
    const form = await client.page(asked.headers.get('location')!);
    const next = /name="next" value="([^"]+)"/.exec(form.html)?.[1] ?? '';
    expect(next).toBe('/dashboard/keys');
    const res = await client.submit('/login', { email, password: PASSWORD, next }, form.csrf);
    expect([res.status, res.headers.get('location')]).toEqual([303, '/dashboard/keys']);
    const elsewhere = await new SiteClient().fill('/login', '/login', {
      email,
      password: PASSWORD,
      next: '//evil.example',
    });
    expect(elsewhere.headers.get('location')).toBe('/dashboard');
  });

  it('never authenticate an API call, and keys never open a page', async () => {
    const { client, key } = await signedUpClient('apart');
    const cookie = [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    const me = await get('/me', undefined, { Cookie: cookie });
    expect(me.status).toBe(401);
    expect((await json<{ code: string }>(me)).code).toBe('missing_api_key');
    const page = await new SiteClient().request('/dashboard', { headers: { Authorization: `Bearer ${key}` } });
    expect([page.status, page.headers.get('location')]).toEqual([303, '/login?next=%2Fdashboard']);
  });
});

describe('an operator vouching for an address', () => {
  it('verifies it, and ends the password, sessions and keys of whoever signed up with it unverified', async () => {
    const email = uniqueEmail('vouched');
    const squatter = new SiteClient();
    await squatter.fill('/signup', '/signup', { email, password: PASSWORD });
    await squatter.fill('/login', '/login', { email, password: PASSWORD });
    expect(await dashboardOpens(squatter)).toBe(true);
    const { key } = await newKey('scale', email);
    expect(await dashboardOpens(squatter)).toBe(false);
    expect((await new SiteClient().fill('/login', '/login', { email, password: PASSWORD })).status).toBe(401);
    const { rows } = await db().query<{ verified: boolean }>(
      'SELECT verified_at IS NOT NULL AS verified FROM accounts WHERE email = $1',
      [email],
    );
    expect(rows[0].verified).toBe(true);
    expect((await get('/me', key)).status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a form without the token, with another token, from another origin or another site', async () => {
    const { client } = await signedUpClient('csrf');
    const { csrf } = await client.page('/dashboard/keys');
    const form = (headers: Record<string, string>, token: string) =>
      client.request('/dashboard/keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ label: 'x', ...(token ? { _csrf: token } : {}) }),
      });
    expect((await form({}, '')).status).toBe(403);
    expect((await form({}, 'A'.repeat(43))).status).toBe(403);
    expect((await form({ Origin: 'https://evil.example' }, csrf)).status).toBe(403);
    expect((await form({ 'Sec-Fetch-Site': 'cross-site' }, csrf)).status).toBe(403);
    expect((await form({}, csrf)).status).toBe(201);
    const visitor = new SiteClient();
    const login = await visitor.request('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'a@b.io', password: PASSWORD, _csrf: 'made-up' }),
    });
    expect(login.status).toBe(403);
    expect(login.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('attempt limits', () => {
  it('stop log-ins per address, with the same answer for a registered and an unknown address', async () => {
    const { email } = await signedUpClient('limit');
    const unknown = uniqueEmail('nobody');
    const statuses = async (address: string) => {
      const out: number[] = [];
      for (let i = 0; i < 11; i++)
        out.push(
          (await new SiteClient().fill('/login', '/login', { email: address, password: 'wrong password!' })).status,
        );
      return out;
    };
    const known = await statuses(email);
    const ghost = await statuses(unknown);
    expect(known).toEqual([...Array<number>(10).fill(401), 429]);
    expect(ghost).toEqual(known);
    // The right password waits out the window too: the limit is on the address, not on wrong guesses alone.
    const right = await new SiteClient().fill('/login', '/login', { email, password: PASSWORD });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stop sign-ups from one IP', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await new SiteClient(ip).fill('/signup', '/signup', { email: uniqueEmail('burst'), password: PASSWORD }))
          .status,
      );
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });
});

describe('passwords', () => {
  it('are reset through a mailed link that works once, ending every session', async () => {
    const { client, email } = await signedUpClient('reset');
    const asked = await new SiteClient().fill('/reset', '/reset', { email });
    const ghost = await new SiteClient().fill('/reset', '/reset', { email: uniqueEmail('ghost') });
    expect([asked.status, ghost.status]).toEqual([200, 200]);
    const link = new URL(await mailedLink(email, '/reset/password'));
    const browser = new SiteClient();
    const form = await browser.page(link.pathname + link.search);
    const token = link.searchParams.get('token')!;
    const done = await browser.submit('/reset/password', { token, password: 'the new password 1' }, form.csrf);
    expect(done.status).toBe(200);
    expect(await dashboardOpens(client)).toBe(false);
    const again = await browser.submit('/reset/password', { token, password: 'another new one 2' }, form.csrf);
    expect(again.status).toBe(400);
    expect((await new SiteClient().fill('/login', '/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await new SiteClient().fill('/login', '/login', { email, password: 'the new password 1' })).status).toBe(
      303,
    );
  });

  it('are changed with the current one; the other sessions end, this one stays', async () => {
    const { client, email } = await signedUpClient('change');
    const other = new SiteClient();
    await other.fill('/login', '/login', { email, password: PASSWORD });
    const wrong = await client.fill('/dashboard/account', '/dashboard/account/password', {
      current: 'not it at all',
      password: 'changed password 3',
    });
    expect(wrong.status).toBe(400);
    const changed = await client.fill('/dashboard/account', '/dashboard/account/password', {
      current: PASSWORD,
      password: 'changed password 3',
    });
    expect(changed.status).toBe(200);
    expect([await dashboardOpens(client), await dashboardOpens(other)]).toEqual([true, false]);
  });

  it('are never kept in plain, nor the session ids or mailed tokens', async () => {
    const { email } = await signedUpClient('hashes');
    const pool = db();
    const { rows } = await pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM accounts WHERE email = $1',
      [email],
    );
    expect(rows[0].password_hash).toMatch(/^\$scrypt\$ln=\d+,r=\d+,p=\d+\$/);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
  });
});

describe('closing an account', () => {
  it('needs the password, revokes the keys at once, removes the data and erases the address', async () => {
    const { client, email, key } = await signedUpClient('close');
    const refused = await client.fill('/dashboard/account', '/dashboard/account/delete', {
      password: 'wrong password',
      confirm: 'yes',
    });
    expect(refused.status).toBe(400);
    const closed = await client.fill('/dashboard/account', '/dashboard/account/delete', {
      password: PASSWORD,
      confirm: 'yes',
    });
    expect(closed.status).toBe(200);
    const me = await get('/me', key);
    expect([me.status, (await json<{ code: string }>(me)).code]).toEqual([401, 'revoked_api_key']);
    expect(await dashboardOpens(client)).toBe(false);
    expect((await new SiteClient().fill('/login', '/login', { email, password: PASSWORD })).status).toBe(401);
    const pool = db();
    expect((await pool.query('SELECT 1 FROM accounts WHERE email = $1', [email])).rowCount).toBe(0);
    // The address is free again: someone may sign up with it.
    expect((await new SiteClient().fill('/signup', '/signup', { email, password: PASSWORD })).status).toBe(200);
  });
});
