import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { ErrorBody } from '../src/schema/errors';
import type { FactsheetDeleted } from '../src/schema/factsheets';
import { FactsheetList, FactsheetSchema } from '../src/schema/factsheets';
import type { FundEnvelope } from '../src/schema/fund';
import type { z } from '../src/schema/zod';
import {
  API,
  config,
  db,
  eptFile,
  get,
  json,
  makeStale,
  navFile,
  newKey,
  post,
  temporalClient,
  uniqueIsin,
  usedOf,
  writeLibraryFund,
} from './helpers';

type Factsheet = z.infer<typeof FactsheetSchema>;
type Factsheets = z.infer<typeof FactsheetList>;

/** POST /factsheets, the saved sheets and their keyless links, against the test stack (spec 4.10-4.12). */

const send = (method: string, pathname: string, key: string, body?: unknown) =>
  fetch(`${API}${pathname}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** pdfinfo and pdftotext (poppler) on the bytes. */
function poppler(pdf: Buffer): { pages: number; pageSize: string; text: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'factsheet-')), 'sheet.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return {
      pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
      pageSize: /^Page size:\s+(.*)$/m.exec(info)?.[1] ?? '',
      text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const SAMPLE = 'ZZSMPL000014';
let owner: { key: string };

beforeAll(async () => {
  owner = await newKey('pro');
  expect((await get(`/funds/${SAMPLE}`, owner.key)).status).toBe(200); // warm
});

describe('POST /factsheets', () => {
  it('answers the HTML page itself, with its links, a strict policy, and 1 credit', async () => {
    const before = await usedOf(owner.key);
    const res = await post('/factsheets', owner.key, { isin: SAMPLE.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const id = res.headers.get('x-factsheet-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-factsheet-url')).toMatch(/\/api\/v1\/shared\/factsheets\/[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get('x-factsheet-pdf-url')).toBe(`${res.headers.get('x-factsheet-url')}/pdf`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:;/);
    expect(csp).not.toMatch(/unsafe/);
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    const html = await res.text();
    expect(html).toContain(SAMPLE);
    expect(html).toContain('Sample Global Equity Fund Acc');
    expect(html).toMatch(/<svg[\s\S]*<\/svg>/);
    expect(html).not.toMatch(/<script|undefined|NaN/);
    expect(await usedOf(owner.key)).toBe(before + 1);
  });

  it('answers a PDF of one A4 page with the ISIN and the name, printed by the factsheet-render workflow, for 2 credits', async () => {
    const before = await usedOf(owner.key);
    const res = await post('/factsheets', owner.key, { isin: SAMPLE, format: 'pdf', language: 'fr' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    const { pages, pageSize, text } = poppler(pdf);
    expect(pages).toBe(1);
    // A4 is 595.28 x 841.89 pt; Chromium rounds the page to whole device pixels, poppler still calls it A4.
    const [width, height] = pageSize.split(' x ').map(parseFloat);
    expect(Math.abs(width - 595.28)).toBeLessThan(1);
    expect(Math.abs(height - 841.89)).toBeLessThan(1);
    expect(pageSize).toMatch(/\(A4\)$/);
    expect(text).toContain(SAMPLE);
    expect(text).toContain('Sample Global Equity Fund Acc');
    expect(await usedOf(owner.key)).toBe(before + 2);

    const id = res.headers.get('x-factsheet-id')!;
    const run = await (await temporalClient()).workflow.getHandle(`factsheet-render/${id}`).describe();
    expect(run.status.name).toBe('COMPLETED');
    expect(run.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])).toEqual(
      expect.arrayContaining([
        ['JobKind', 'factsheet-render'],
        ['FundIsin', SAMPLE],
      ]),
    );
  });

  it('answers a link: the saved sheet as JSON with keyless html, pdf and embed links and an iframe snippet', async () => {
    const res = await post('/factsheets', owner.key, { isin: SAMPLE, deliver: 'link' });
    expect(res.status).toBe(200);
    const sheet = FactsheetSchema.parse(await json(res));
    expect(sheet).toMatchObject({
      isin: SAMPLE,
      name: 'Sample Global Equity Fund Acc',
      language: 'en',
      format: 'html',
      favorite: false,
      issuer: expect.any(String) as unknown,
    });
    expect(sheet.iframe).toBe(
      `<iframe src="${sheet.links.embed}" title="Factsheet: Sample Global Equity Fund Acc (${SAMPLE})" width="794" height="1123" style="border:0;max-width:100%" loading="lazy" referrerpolicy="no-referrer"></iframe>`,
    );

    const page = await fetch(sheet.links.html);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'$/);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await page.text()).toContain(SAMPLE);

    const embed = await fetch(sheet.links.embed);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*$/);

    const pdf = await fetch(sheet.links.pdf); // made as HTML: printed on first use
    expect(pdf.status).toBe(200);
    expect(poppler(Buffer.from(await pdf.arrayBuffer())).pages).toBe(1);
  });

  it('loads a cold ISIN first, as GET /funds does', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Cold Factsheet Fund'), 'nav.csv': navFile(30) });
    const res = await post('/factsheets', owner.key, { isin, deliver: 'link' });
    expect(res.status).toBe(200);
    expect(await json<Factsheet>(res)).toMatchObject({ isin, name: 'Cold Factsheet Fund' });
  });

  it('answers 404 fund_not_found, with the skeleton, for an ISIN with no data, and charges nothing', async () => {
    const before = await usedOf(owner.key);
    const res = await post('/factsheets', owner.key, { isin: uniqueIsin(), format: 'pdf' });
    expect(res.status).toBe(404);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'fund_not_found', data: { topHoldings: [] } });
    expect(await usedOf(owner.key)).toBe(before);
  });

  it.each([
    ['no body', undefined, 'invalid_body'],
    ['no isin', { format: 'html' }, 'invalid_body'],
    ['a bad ISIN', { isin: 'ZZSMPL000015' }, 'invalid_isin'],
    ['an unknown format', { isin: SAMPLE, format: 'docx' }, 'invalid_body'],
    ['an unknown language', { isin: SAMPLE, language: 'de' }, 'invalid_body'],
    ['an unknown deliver', { isin: SAMPLE, deliver: 'email' }, 'invalid_body'],
    ['an unknown field', { isin: SAMPLE, colour: 'blue' }, 'invalid_body'],
    ['an array', [SAMPLE], 'invalid_body'],
  ])('refuses %s with 400 and charges nothing', async (_case, body, code) => {
    const before = await usedOf(owner.key);
    const res = await send('POST', '/factsheets', owner.key, body);
    expect(res.status).toBe(400);
    expect(await json<ErrorBody>(res)).toMatchObject({ code, message: expect.any(String) as unknown });
    expect(await usedOf(owner.key)).toBe(before);
  });

  it('escapes markup from the fund data everywhere on the page', async () => {
    const isin = uniqueIsin();
    const name = 'Evil <script>alert(1)</script> <img src=x onerror=alert(2)> Fund';
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, name) });
    const res = await post('/factsheets', owner.key, { isin });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; Fund');
    expect(html).not.toMatch(/<script|<img/i);
  });
});

describe('saved sheets', () => {
  it('keep the figures they were made with after the fund changes', async () => {
    const isin = uniqueIsin();
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'Before Rename Fund') });
    const sheet = await json<Factsheet>(await post('/factsheets', owner.key, { isin, deliver: 'link' }));
    await writeLibraryFund(isin, { 'ept.csv': eptFile(isin, 'After Rename Fund') });
    await makeStale(isin);
    expect(await json<z.infer<typeof FundEnvelope>>(await get(`/funds/${isin}`, owner.key))).toMatchObject({
      name: 'After Rename Fund',
    });

    const page = await (await fetch(sheet.links.html)).text();
    expect(page).toContain('Before Rename Fund');
    expect(page).not.toContain('After Rename Fund');
    expect(await json<Factsheet>(await get(`/factsheets/${sheet.id}`, owner.key))).toMatchObject({
      name: 'Before Rename Fund',
    });
    expect(
      poppler(Buffer.from(await (await get(`/factsheets/${sheet.id}?format=pdf`, owner.key)).arrayBuffer())).text,
    ).toContain('Before Rename Fund');
  });

  it('are listed newest first, by issuer (ignoring case and accents) and favorites, free', async () => {
    const { key } = await newKey('starter');
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await json<Factsheet>(await post('/factsheets', key, { isin: SAMPLE, deliver: 'link' }))).id);
    const issuer = (await json<Factsheet>(await get(`/factsheets/${made[0]}`, key))).issuer as string;
    const before = await usedOf(key);

    const all = FactsheetList.parse(await json<Factsheets>(await get('/factsheets', key)));
    expect(all.factsheets.map((s) => s.id)).toEqual([...made].reverse());
    expect(all.count).toBe(3);
    expect((await json<Factsheets>(await get('/factsheets?limit=2', key))).factsheets.map((s) => s.id)).toEqual([
      made[2],
      made[1],
    ]);
    const shouted = encodeURIComponent(issuer.toUpperCase().replace(/A/g, 'Á'));
    expect((await json<Factsheets>(await get(`/factsheets?issuer=${shouted}`, key))).count).toBe(3);
    expect((await json<Factsheets>(await get('/factsheets?issuer=Nobody%20Asset%20Management', key))).count).toBe(0);

    const starred = await send('PATCH', `/factsheets/${made[1]}`, key, { favorite: true });
    expect(starred.status).toBe(200);
    expect(await json<Factsheet>(starred)).toMatchObject({ id: made[1], favorite: true });
    expect((await json<Factsheets>(await get('/factsheets?favorites=1', key))).factsheets.map((s) => s.id)).toEqual([
      made[1],
    ]);
    expect(
      await json<Factsheet>(await send('PATCH', `/factsheets/${made[1]}`, key, { favorite: false })),
    ).toMatchObject({
      favorite: false,
    });
    expect(await usedOf(key)).toBe(before);
  });

  it.each([['limit=0'], ['limit=501'], ['limit=ten'], ['favorites=yes'], ['colour=blue'], ['issuer=']])(
    'refuses the list query %s with 400 invalid_query, naming the parameter',
    async (query) => {
      const res = await get(`/factsheets?${query}`, owner.key);
      expect(res.status).toBe(400);
      expect(await json<ErrorBody>(res)).toMatchObject({
        code: 'invalid_query',
        message: expect.stringContaining(query.split('=')[0]) as unknown,
      });
    },
  );

  it.each([
    ['no body', undefined],
    ['no favorite', {}],
    ['a string', { favorite: 'yes' }],
    ['a number', { favorite: 1 }],
    ['an unknown field', { favorite: true, name: 'x' }],
  ])('refuses PATCH with %s (400 invalid_body) and changes nothing', async (_case, body) => {
    const sheet = await json<Factsheet>(await post('/factsheets', owner.key, { isin: SAMPLE, deliver: 'link' }));
    const res = await send('PATCH', `/factsheets/${sheet.id}`, owner.key, body);
    expect(res.status).toBe(400);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'invalid_body' });
    expect(await json<Factsheet>(await get(`/factsheets/${sheet.id}`, owner.key))).toMatchObject({ favorite: false });
  });

  it('serve their documents by format, and refuse an unknown one', async () => {
    const sheet = await json<Factsheet>(
      await post('/factsheets', owner.key, { isin: SAMPLE, deliver: 'link', language: 'fr' }),
    );
    const html = await get(`/factsheets/${sheet.id}?format=html`, owner.key);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await html.text()).toMatch(/<html lang="fr"/);
    const pdf = await get(`/factsheets/${sheet.id}?format=pdf`, owner.key);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="factsheet-${SAMPLE}.pdf"`);
    const bytes = await get(`/factsheets/${sheet.id}?format=pdf`, owner.key, { Accept: 'application/octet-stream' });
    expect(bytes.headers.get('content-type')).toBe('application/octet-stream');
    expect(
      Buffer.from(await bytes.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get(`/factsheets/${sheet.id}?format=docx`, owner.key)).status).toBe(400);
  });

  it("are another account's 404, whatever the method, and a malformed id is 404 too", async () => {
    const sheet = await json<Factsheet>(await post('/factsheets', owner.key, { isin: SAMPLE, deliver: 'link' }));
    const other = await newKey('pro');
    for (const res of [
      await get(`/factsheets/${sheet.id}`, other.key),
      await send('PATCH', `/factsheets/${sheet.id}`, other.key, { favorite: true }),
      await send('DELETE', `/factsheets/${sheet.id}`, other.key),
      await get('/factsheets/not-a-uuid', owner.key),
    ]) {
      expect(res.status).toBe(404);
      expect(await json<ErrorBody>(res)).toMatchObject({ code: 'not_found' });
    }
    expect((await json<Factsheets>(await get('/factsheets', other.key))).count).toBe(0);
    expect(await json<Factsheet>(await get(`/factsheets/${sheet.id}`, owner.key))).toMatchObject({ favorite: false });
  });

  it('keep each page as rendered once, in Postgres for every API process, the same bytes on every view', async () => {
    const sheet = await json<Factsheet>(await post('/factsheets', owner.key, { isin: SAMPLE, deliver: 'link' }));
    const pages = async () =>
      (
        await db().query<{ variant: string; html: Buffer; rendered_at: Date }>(
          'SELECT variant, html, rendered_at FROM factsheet_pages WHERE factsheet_id = $1 ORDER BY variant',
          [sheet.id],
        )
      ).rows;
    expect(await pages()).toEqual([]);
    const first = await (await fetch(sheet.links.html)).text();
    const [stored] = await pages();
    expect(stored).toMatchObject({ variant: 'page' });
    expect(stored.html.toString('utf8')).toBe(first);
    expect(await (await fetch(sheet.links.html)).text()).toBe(first);
    expect(await (await get(`/factsheets/${sheet.id}?format=html`, owner.key)).text()).toBe(first);
    await fetch(sheet.links.embed);
    const after = await pages();
    expect(after.map((p) => p.variant)).toEqual(['embed', 'page']);
    expect(after[1].rendered_at).toEqual(stored.rendered_at);
  });

  it('are deleted with every link and page: {deleted, id}, then 404 everywhere', async () => {
    const sheet = await json<Factsheet>(
      await post('/factsheets', owner.key, { isin: SAMPLE, deliver: 'link', format: 'pdf' }),
    );
    expect((await fetch(sheet.links.html)).status).toBe(200);
    const res = await send('DELETE', `/factsheets/${sheet.id}`, owner.key);
    expect(res.status).toBe(200);
    expect(await json<z.infer<typeof FactsheetDeleted>>(res)).toEqual({ deleted: true, id: sheet.id });
    for (const url of [sheet.links.html, sheet.links.embed, sheet.links.pdf]) {
      const gone = await fetch(url);
      expect(gone.status).toBe(404);
      expect(await json<ErrorBody>(gone)).toMatchObject({ code: 'not_found' });
    }
    expect((await get(`/factsheets/${sheet.id}`, owner.key)).status).toBe(404);
    expect((await send('DELETE', `/factsheets/${sheet.id}`, owner.key)).status).toBe(404);
    expect((await db().query('SELECT 1 FROM factsheet_pages WHERE factsheet_id = $1', [sheet.id])).rowCount).toBe(0);
  });

  it('cannot be reached by guessing: a made-up or malformed token is 404', async () => {
    for (const token of ['A'.repeat(43), 'short', `${'A'.repeat(43)}'--`]) {
      expect((await fetch(`${API}/shared/factsheets/${encodeURIComponent(token)}`)).status).toBe(404);
    }
  });
});

describe('the warm browser of the worker', () => {
  /** The worker's Chromium processes: descendants of the worker named chromium. */
  function workerChromiums(): number[] {
    const workerPid = Number(fs.readFileSync(path.join(config.dataDir, 'pids', 'worker.pid'), 'utf8'));
    const parents = new Map<number, number>();
    const names = new Map<number, string>();
    for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
        parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
      } catch {
        // the process ended meanwhile
      }
    }
    const descends = (pid: number): boolean => {
      for (let p = parents.get(pid); p && p > 1; p = parents.get(p)) if (p === workerPid) return true;
      return false;
    };
    return [...names].filter(([pid, name]) => /chrom/i.test(name) && descends(pid)).map(([pid]) => pid);
  }

  it('is launched again after it crashed', async () => {
    expect((await post('/factsheets', owner.key, { isin: SAMPLE, format: 'pdf' })).status).toBe(200);
    const browsers = workerChromiums();
    expect(browsers.length).toBeGreaterThan(0);
    for (const pid of browsers) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone with its parent
      }
    }
    const res = await post('/factsheets', owner.key, { isin: SAMPLE, format: 'pdf' });
    expect(res.status).toBe(200);
    expect(poppler(Buffer.from(await res.arrayBuffer())).pages).toBe(1);
    expect(workerChromiums().some((pid) => !browsers.includes(pid))).toBe(true);
  });
});
