import { createHash } from 'node:crypto';

import { PDFDocument } from 'pdf-lib';

import { sampleDocuments, sampleFunds } from '../samples/library';
import type { Account } from '../src/schema/account';
import type { ErrorBody } from '../src/schema/errors';
import type { ExtractResponse } from '../src/schema/extract';
import type { z } from '../src/schema/zod';
import { API, db, json, newKey } from './helpers';

const fund = sampleFunds().find((f) => f.keyDocument === 'kid' && f.language === 'en')!;
let kidPdf: Buffer;

async function blankPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return Buffer.from(await doc.save());
}

function upload(
  key: string,
  file: Buffer | null,
  fields: Record<string, string> = {},
  filename = 'kid.pdf',
): Promise<Response> {
  const form = new FormData();
  if (file) form.append('file', new Blob([file], { type: 'application/pdf' }), filename);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${API}/extract`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
}

function postJson(key: string, body: unknown): Promise<Response> {
  return fetch(`${API}/extract`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const used = async (key: string) =>
  (await json<Account>(await fetch(`${API}/me`, { headers: { Authorization: `Bearer ${key}` } }))).quota.used;
/**
 * Whether these exact bytes are in the document store (other suites store documents in parallel, so counts would race).
 */
const isStored = async (bytes: Buffer) =>
  (await db().query('SELECT 1 FROM documents WHERE sha256 = $1', [createHash('sha256').update(bytes).digest('hex')]))
    .rowCount === 1;

beforeAll(async () => {
  kidPdf = (await sampleDocuments(fund))['kid.pdf'] as Buffer;
});

describe('POST /extract (spec 4.9)', () => {
  it('refuses plans below pro with 403 plan_required, free of charge', async () => {
    for (const plan of ['free', 'starter'] as const) {
      const { key } = await newKey(plan);
      const res = await upload(key, kidPdf);
      expect(res.status).toBe(403);
      expect(await json<ErrorBody>(res)).toMatchObject({ code: 'plan_required' });
      expect(await used(key)).toBe(0);
    }
  });

  it('extracts an uploaded KID through the workflow, for 5 credits', async () => {
    const { key } = await newKey('pro');
    const res = await upload(key, kidPdf, { kind: 'kid', isin: fund.isin.toLowerCase() });
    expect(res.status).toBe(200);
    const body = await json<z.infer<typeof ExtractResponse>>(res);
    expect(body).toMatchObject({
      document: { label: 'kid.pdf', kind: 'kid' },
      isin: fund.isin,
      name: fund.name,
      credits: 5,
      plan: 'pro',
    });
    expect(body.document.pages).toBe(2);
    expect(body.document.chars).toBeGreaterThan(1000);
    expect(body.fieldsFilled).toBeGreaterThanOrEqual(10);
    expect(body.data.riskRating).toBe(fund.sri);
    expect(body.data.costs.recommendedHoldingPeriod).toBe(`${fund.rhpYears} years`);
    expect(body.data.sources.riskRating).toMatchObject({ kind: 'kid', origin: 'upload:kid.pdf', page: 1 });
    expect(body.quota.used).toBe(5);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('8995');
  });

  it('extracts from text sent as JSON', async () => {
    const { key } = await newKey('scale');
    const text = [
      'Key Information Document',
      'Product',
      'Sample Text Fund Acc',
      `ISIN: ${fund.isin}`,
      'We have classified this product as 3 out of 7, which is a medium-low risk class.',
      'Recommended holding period: 4 years',
      'Entry costs 1.00% of the amount you pay in when entering this investment.',
    ].join('\n');
    const res = await postJson(key, { text });
    expect(res.status).toBe(200);
    const body = await json<z.infer<typeof ExtractResponse>>(res);
    expect(body).toMatchObject({ document: { label: 'text', kind: 'kid' }, isin: fund.isin, credits: 5 });
    expect(body.data.riskRating).toBe(3);
    expect(body.data.costs.entry).toBe('1.00%');
  });

  it.each([
    ['not a PDF', () => Buffer.from('hello, this is not a pdf'), /not a PDF|%PDF/i],
    ['a truncated PDF', () => kidPdf.subarray(0, Math.floor(kidPdf.length / 2)), /truncated|%%EOF/i],
    ['a PDF without a text layer', () => null, /text layer/i],
  ])('answers 400 for %s, charges nothing and stores nothing', async (_label, make, message) => {
    const { key } = await newKey('pro');
    const bytes = make() ?? (await blankPdf());
    const res = await upload(key, bytes);
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.code).toBe('invalid_document');
    expect(body.message).toMatch(message);
    expect(await used(key)).toBe(0);
    expect(await isStored(bytes)).toBe(false);
  });

  it('answers a multipart body without a file, an empty file, a bad kind or ISIN with a clear 400', async () => {
    const { key } = await newKey('pro');
    expect(await json<ErrorBody>(await upload(key, null, { kind: 'kid' }))).toMatchObject({ code: 'invalid_body' });
    expect(await json<ErrorBody>(await upload(key, Buffer.alloc(0)))).toMatchObject({ code: 'invalid_body' });
    expect(await json<ErrorBody>(await upload(key, kidPdf, { kind: 'prospectus' }))).toMatchObject({
      code: 'invalid_body',
    });
    expect(await json<ErrorBody>(await upload(key, kidPdf, { isin: 'XX123' }))).toMatchObject({ code: 'invalid_isin' });
    expect(await json<ErrorBody>(await postJson(key, {}))).toMatchObject({ code: 'invalid_body' });
    expect(
      await json<ErrorBody>(await postJson(key, { url: 'https://example.com/a.pdf', text: 'both' })),
    ).toMatchObject({
      code: 'invalid_body',
    });
    expect(await json<ErrorBody>(await postJson(key, { url: 'file:///etc/passwd' }))).toMatchObject({
      code: 'invalid_body',
    });
    expect(await used(key)).toBe(0);
  });

  it('refuses an upload past 8 MB as soon as the stream passes the cap', async () => {
    const { key } = await newKey('pro');
    const big = Buffer.concat([kidPdf, Buffer.alloc(9 * 1024 * 1024, 32)]);
    const res = await upload(key, big);
    expect(res.status).toBe(413);
    expect(await json<ErrorBody>(res)).toMatchObject({ code: 'file_too_large' });
    expect(await used(key)).toBe(0);
    expect(await isStored(big)).toBe(false);
  });

  it.each([
    'http://127.0.0.1:8090/api/v1/health',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/x.pdf',
    'http://2130706433/x.pdf',
    'http://localhost/kid.pdf',
  ])('refuses the private address %s and charges nothing', async (url) => {
    const { key } = await newKey('pro');
    const res = await postJson(key, { url });
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body).toMatchObject({ code: 'url_not_allowed', message: expect.stringMatching(/not allowed/) as unknown });
    // What "localhost" resolves to stays ours.
    if (url.includes('localhost')) expect(body.message).not.toMatch(/127\.0\.0\.1|::1/);
    expect(await used(key)).toBe(0);
  });
});
