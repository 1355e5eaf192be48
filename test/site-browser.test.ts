import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import axe from 'axe-core';
import type { Browser, Page } from 'puppeteer-core' with { 'resolution-mode': 'import' };

import { launchChromium } from './chromium';
import { config, get, json, post } from './helpers';
import { receiver } from './receiver';
import { mailedLink, SITE, uniqueEmail } from './siteClient';

/**
 * A person with a browser, end to end in headless Chromium: signs up, reads the verification mail from the
 * sink, verifies, logs out and in with the keyboard, creates a key and calls the API with it, watches the
 * usage move, revokes the key, becomes a scale customer (an operator's CLI), creates and tests a webhook,
 * stars and deletes a factsheet, reads the change feed, and logs out. Every page is checked with axe-core
 * (no serious or critical violation), watched for anything the policy refuses, and kept as a screenshot in
 * test-artifacts/site/ at desktop and phone widths.
 */
const ARTIFACTS = path.join(config.projectRoot, 'test-artifacts', 'site');
const SAMPLE = 'ZZSMPL000014';
const PASSWORD = 'browser test password';
const run = promisify(execFile);
let browser: Browser;
let page: Page;
const problems: string[] = [];

/** What the page functions below read of the DOM (the tests compile without the DOM library). */
interface DomElement {
  textContent: string | null;
  value?: string;
  click(): void;
}
interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

beforeAll(async () => {
  browser = await launchChromium();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  page = await browser.newPage();
  // The site sees this browser as a client of its own (the test stack trusts its proxy's X-Forwarded-For).
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${Math.floor(Math.random() * 250) + 1}` });
  page.on('console', (m) => {
    // A page answered with a 4xx on purpose (a plan's gate) logs its own status: not a problem of the page.
    if (m.text().startsWith('Failed to load resource') && m.location().url === page.url()) return;
    if (m.type() === 'error' || m.type() === 'warn') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('dialog', (dialog) => void dialog.accept());
  await page.setViewport({ width: 1200, height: 900 });
}, 60_000);

afterAll(() => browser?.close());

/** Accessibility (axe-core, run in the page through DevTools, which the CSP does not govern) and a screenshot. */
async function check(name: string): Promise<void> {
  await page.evaluate(axe.source);
  const results = (await page.evaluate(() =>
    (globalThis as unknown as { axe: { run(): Promise<unknown> } }).axe.run(),
  )) as AxeResults;
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
  expect({ page: name, serious }).toEqual({ page: name, serious: [] });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  const seen = problems.splice(0);
  expect({ page: name, problems: seen }).toEqual({ page: name, problems: [] });
}

async function go(pathname: string): Promise<number> {
  const res = await page.goto(`${SITE}${pathname}`, { waitUntil: 'load' });
  return res?.status() ?? 0;
}

/** Submits the form holding `selector` (a button) and waits for the next page. */
async function press(selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

const text = (selector: string) => page.$eval(selector, (e: DomElement) => e.textContent?.trim() ?? '');
const bodyText = () => text('body');

const email = uniqueEmail('browser');
let firstKey = '';
let createdKey = '';

it('shows the home page, with its links to sign up, log in and the docs', async () => {
  expect(await go('/')).toBe(200);
  for (const href of ['/signup', '/login', '/docs']) expect(await page.$(`a[href="${href}"]`)).not.toBeNull();
  await check('01-home');
});

it('signs up, and the verification link from the mail shows the first key once', async () => {
  expect(await go('/signup')).toBe(200);
  await check('02-signup');
  await page.type('input[name="email"]', email);
  await page.type('input[name="password"]', PASSWORD);
  await press('main form button[type="submit"]');
  expect(await bodyText()).toContain(email);
  await check('03-check-your-mail');
  const link = await mailedLink(email, '/verify');
  expect(await go(new URL(link).pathname + new URL(link).search)).toBe(200);
  await check('04-verify');
  await press('main form[action="/verify"] button[type="submit"]');
  firstKey = await text('#new-key');
  expect(firstKey).toMatch(/^fds_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/);
  await check('05-verified-key-shown-once');
  expect((await get('/me', firstKey)).status).toBe(200);
});

it('logs out, and logs in again with the keyboard alone', async () => {
  await press('header form[action="/logout"] button');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await go('/login')).toBe(200);
  await check('06-login');
  await page.keyboard.press('Tab'); // the skip link comes first
  expect(
    await page.evaluate(
      () => (globalThis as unknown as { document: { activeElement: DomElement } }).document.activeElement.textContent,
    ),
  ).toMatch(/skip/i);
  await page.focus('input[name="email"]');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});

it('creates a named key, calls the API with it, and sees the usage move', async () => {
  expect(await go('/dashboard/keys')).toBe(200);
  await page.type('input[name="label"]', 'browser key');
  await press('form[action="/dashboard/keys"] button[type="submit"]');
  createdKey = await text('#new-key');
  expect(createdKey).toMatch(/^fds_/);
  await check('07-key-created');
  expect((await get(`/funds/${SAMPLE}`, createdKey)).status).toBe(200);
  const deadline = Date.now() + 10_000;
  do {
    await go('/dashboard');
  } while (!(await bodyText()).includes('GET /funds/:isin') && Date.now() < deadline);
  expect(await bodyText()).toContain('GET /funds/:isin');
  expect(await page.$('svg[role="img"]')).not.toBeNull();
  await check('08-overview-usage');
});

it('revokes the key, after which the API answers 401 revoked_api_key', async () => {
  await go('/dashboard/keys');
  const id = createdKey.split('_')[1];
  await press(`form[action="/dashboard/keys/${id}/revoke"] button`);
  expect(await bodyText()).toMatch(/revoked/i);
  await check('09-key-revoked');
  const res = await get('/me', createdKey);
  expect([res.status, (await json<{ code: string }>(res)).code]).toEqual([401, 'revoked_api_key']);
});

it('shows what webhooks need on the free plan, then creates and tests one on scale', async () => {
  expect(await go('/dashboard/webhooks')).toBe(403);
  expect(await bodyText()).toMatch(/Scale/);
  await check('10-webhooks-gated');
  await run('npm', ['run', '--silent', 'keys', '--', 'plan', email, 'scale'], {
    cwd: config.projectRoot,
    env: process.env,
  });
  const hook = await receiver(() => 200);
  try {
    expect(await go('/dashboard/webhooks')).toBe(200);
    await page.type('input[name="url"]', hook.url);
    await press('form[action="/dashboard/webhooks"] button[type="submit"]');
    expect(await text('#new-secret')).toMatch(/^whsec_/);
    await check('11-webhook-created');
    await press('button[name="action"][value="test"]');
    expect(hook.hits).toHaveLength(1);
    expect(await bodyText()).toMatch(/200/);
    await check('12-webhook-tested');
  } finally {
    await hook.close();
  }
}, 60_000);

it('stars and deletes a saved factsheet', async () => {
  const made = await post('/factsheets', firstKey, { isin: SAMPLE, deliver: 'link' });
  expect(made.status).toBe(200);
  const { id } = await json<{ id: string }>(made);
  await go('/dashboard/factsheets');
  await check('13-factsheets');
  await press(`form[action="/dashboard/factsheets/${id}/action"] button[value="star"]`);
  expect(await page.$(`form[action="/dashboard/factsheets/${id}/action"] button[value="unstar"]`)).not.toBeNull();
  await press(`form[action="/dashboard/factsheets/${id}/action"] button[value="delete"]`);
  expect(await page.$(`form[action="/dashboard/factsheets/${id}/action"]`)).toBeNull();
});

it('reads the change feed and the account page', async () => {
  expect(await go(`/dashboard/changes?isin=${SAMPLE}`)).toBe(200);
  await check('14-changes');
  expect(await go('/dashboard/account')).toBe(200);
  await check('15-account');
});

it('reads well on a phone: no page wider than the screen', async () => {
  await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true });
  try {
    for (const [pathname, name] of [
      ['/dashboard', '16-phone-overview'],
      ['/dashboard/keys', '17-phone-keys'],
      ['/dashboard/webhooks', '18-phone-webhooks'],
    ] as const) {
      await go(pathname);
      const width = await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      );
      expect({ pathname, width }).toEqual({ pathname, width: 375 });
      await check(name);
    }
  } finally {
    await page.setViewport({ width: 1200, height: 900 });
  }
});

it('logs out: the dashboard asks to log in again', async () => {
  await go('/dashboard');
  await press('header form[action="/logout"] button');
  expect(await go('/dashboard')).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/login');
  await check('19-logged-out');
});
