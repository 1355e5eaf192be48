import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };

import type { FactsheetSchema } from '../src/schema/factsheets';
import type { z } from '../src/schema/zod';
import { launchChromium } from './chromium';
import { config, get, json, newKey, post } from './helpers';

/**
 * End to end, as a user sees it: a real headless Chromium opens a sheet's keyless links. The charts
 * are drawn (SVG with data), the page's policy refuses nothing it needs, the embed page shows inside
 * another site's frame and the plain page does not. Screenshots are kept in test-artifacts/.
 */
const ARTIFACTS = path.join(config.projectRoot, 'test-artifacts');
const SAMPLE = 'ZZSMPL000014';
let browser: Browser;

/** What the page functions below read of an element (the tests compile without the DOM library). */
interface PageElement {
  innerText: string;
  getBoundingClientRect(): { width: number };
}
interface SvgElement {
  getBoundingClientRect(): { width: number };
  querySelectorAll(selectors: string): { length: number } & Iterable<{ textContent: string | null }>;
}
let key: string;

beforeAll(async () => {
  browser = await launchChromium();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  ({ key } = await newKey('pro'));
  expect((await get(`/funds/${SAMPLE}`, key)).status).toBe(200);
});

afterAll(() => browser?.close());

async function sheetLinks(language: 'en' | 'fr'): Promise<{ html: string; embed: string; pdf: string }> {
  const res = await post('/factsheets', key, { isin: SAMPLE, deliver: 'link', language });
  expect(res.status).toBe(200);
  return (await json<z.infer<typeof FactsheetSchema>>(res)).links;
}

it.each(['en', 'fr'] as const)(
  'draws the %s sheet with its charts, under its policy, and keeps a screenshot',
  async (language) => {
    const links = await sheetLinks(language);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warn') && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    try {
      await page.setViewport({ width: 1000, height: 1200 });
      const res = await page.goto(links.html, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      const charts = await page.$$eval('svg', (svgs: SvgElement[]) =>
        svgs.map((svg) => ({
          width: svg.getBoundingClientRect().width,
          marks: svg.querySelectorAll('path, rect, circle, polyline').length,
          labels: [...svg.querySelectorAll('text')].map((t) => t.textContent ?? '').filter((t) => t.trim() !== ''),
        })),
      );
      expect(charts.length).toBeGreaterThanOrEqual(4);
      for (const chart of charts) {
        expect(chart.width).toBeGreaterThan(50);
        expect(chart.marks).toBeGreaterThan(2);
        expect(chart.labels.length).toBeGreaterThan(0);
      }
      expect(charts.flatMap((c) => c.labels)).toEqual(expect.arrayContaining(['2024']));
      const text = await page.$eval('body', (b: PageElement) => b.innerText);
      expect(text).toContain(SAMPLE);
      expect(text).not.toMatch(/undefined|NaN|\bnull\b/);
      // Styles applied (the CSP allowed the sheet's one style sheet): the A4 sheet is 210 mm wide.
      const sheetWidth = await page.$eval('body > *', (el: PageElement) => el.getBoundingClientRect().width);
      expect(Math.round(sheetWidth)).toBeGreaterThanOrEqual(790);
      expect(problems).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `factsheet-${language}.png`), fullPage: true });
    } finally {
      await page.close();
    }
  },
);

it('shows the embed page inside another site, and never the plain page', async () => {
  const links = await sheetLinks('en');
  const site = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end(
      `<!doctype html><title>Partner site</title><iframe id="embed" src="${links.embed}" width="794" height="1123"></iframe><iframe id="plain" src="${links.html}" width="794" height="400"></iframe>`,
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const page = await browser.newPage();
  try {
    // networkidle0: the frames (other processes) have loaded and painted, for the screenshot.
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`, { waitUntil: 'networkidle0' });
    const frameText = async (url: string) => {
      const frame = page.frames().find((f) => f.url() === url);
      return frame ? frame.$eval('body', (b: PageElement) => b.innerText).catch(() => '') : '';
    };
    expect(await frameText(links.embed)).toContain(SAMPLE);
    expect(await frameText(links.html)).not.toContain(SAMPLE);
    await page.screenshot({ path: path.join(ARTIFACTS, 'factsheet-embedded.png'), fullPage: true });
  } finally {
    await page.close();
    site.close();
  }
});
