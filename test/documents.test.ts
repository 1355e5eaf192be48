import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

import { zipSync } from 'fflate';

import { kidPdf, plainHoldingsCsv } from '../samples/documents';
import { sampleFunds } from '../samples/funds';
import { scpiProfiles, scpiSlug } from '../samples/scpi';
import { scpiDocuments } from '../samples/scpiDocuments';
import type { FiledDocument, IngestResult } from '../src/schema/documents';
import type { ErrorBody } from '../src/schema/errors';
import { afterDirectWrite, config, eptFile, get, json, matching, newKey, runCount, uniqueIsin } from './helpers';

const API = process.env.API_URL ?? `http://127.0.0.1:${config.port}/api/v1`;
const INBOX = path.join(config.libraryDir, 'inbox');

/** A sample fund under a fresh ISIN: the universe has never heard of it. */
function freshFund() {
  const fund = sampleFunds().find((f) => f.keyDocument === 'kid' && f.language === 'en' && f.holdings.length > 0)!;
  return { ...fund, isin: uniqueIsin(), name: `Filed ${fund.name}` };
}

async function operatorKey(): Promise<string> {
  return (await newKey('enterprise', undefined, { operator: true })).key;
}

function upload(key: string, files: { name: string; content: Buffer | string }[], isin?: string): Promise<Response> {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([f.content]), f.name);
  if (isin) form.append('isin', isin);
  return fetch(`${API}/documents`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
}

function remove(key: string, sha256: string): Promise<Response> {
  return fetch(`${API}/documents/${sha256}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } });
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('POST/GET/DELETE /documents (operator role)', () => {
  let key: string;
  beforeAll(async () => {
    key = await operatorKey();
  });

  it('refuses every key without the operator role with 403, whatever its plan, and changes nothing', async () => {
    const { key: customer } = await newKey('enterprise');
    const fund = freshFund();
    const posted = await upload(customer, [{ name: 'kid.pdf', content: await kidPdf(fund) }]);
    expect(posted.status).toBe(403);
    expect(await json<ErrorBody>(posted)).toMatchObject({ code: 'operator_required' });
    expect((await get('/documents', customer)).status).toBe(403);
    expect((await remove(customer, 'a'.repeat(64))).status).toBe(403);
    expect((await get(`/documents?isin=${fund.isin}`, key)).status).toBe(200);
    expect((await json<{ documents: unknown[] }>(await get(`/documents?isin=${fund.isin}`, key))).documents).toEqual(
      [],
    );
  });

  it('files a KID of a fund nobody knew by its content, loads the fund, lists it, files it once, and removes it', async () => {
    const fund = freshFund();
    const { key: reader } = await newKey('scale');
    const pdf = await kidPdf(fund);

    const res = await upload(key, [{ name: 'download (3).pdf', content: pdf }]);
    expect(res.status).toBe(200);
    const { documents } = await json<{ documents: IngestResult[] }>(res);
    expect(documents).toEqual([
      expect.objectContaining({
        file: 'download (3).pdf',
        status: 'filed',
        kind: 'kid',
        language: 'en',
        isins: [fund.isin],
        reason: null,
      }),
    ]);
    const sha256 = documents[0].sha256!;

    // The ingestion waited for the fund's reload: it is known now.
    const loaded = await get(`/funds/${fund.isin}`, reader);
    expect(loaded.status).toBe(200);
    const body = await json<{
      name: string;
      data: { riskRating: number; sources: Record<string, { origin: string }> };
    }>(loaded);
    expect(body.data.riskRating).toBe(fund.sri);
    expect(body.data.sources.riskRating.origin).toBe('filed:download (3).pdf');
    expect(await runCount(`WorkflowId = "ingest/${sha256}"`)).toBe(1);

    const listed = await json<{ documents: FiledDocument[] }>(await get(`/documents?isin=${fund.isin}`, key));
    expect(listed.documents).toEqual([
      expect.objectContaining({
        sha256,
        kind: 'kid',
        isins: [fund.isin],
        fileName: 'download (3).pdf',
        source: matching(/^api:/),
      }),
    ]);

    const again = await json<{ documents: IngestResult[] }>(await upload(key, [{ name: 'same.pdf', content: pdf }]));
    expect(again.documents).toEqual([expect.objectContaining({ status: 'duplicate', sha256, isins: [fund.isin] })]);

    const removed = await remove(key, sha256);
    expect(removed.status).toBe(200);
    expect(await json(removed)).toEqual({ sha256, removed: true, isins: [fund.isin], scpi: null });
    await afterDirectWrite(); // the API's short cache of fresh payloads (FUND_CACHE_MS)
    expect((await get(`/funds/${fund.isin}`, reader)).status).toBe(404);
    expect((await remove(key, sha256)).status).toBe(404);
    expect((await remove(key, 'not-a-hash')).status).toBe(400);
  });

  it('files a holdings list that names no fund under the isin given with it, and rejects it without one', async () => {
    const fund = freshFund();
    const csv = plainHoldingsCsv(fund);
    const without = await json<{ documents: IngestResult[] }>(
      await upload(key, [{ name: 'holdings.csv', content: csv }]),
    );
    expect(without.documents).toEqual([
      expect.objectContaining({ status: 'rejected', kind: null, reason: matching(/ISIN/) }),
    ]);
    const withIsin = await json<{ documents: IngestResult[] }>(
      await upload(key, [{ name: 'holdings.csv', content: csv }], fund.isin),
    );
    expect(withIsin.documents).toEqual([
      expect.objectContaining({ status: 'filed', kind: 'holdings', isins: [fund.isin] }),
    ]);
    const { key: reader } = await newKey('scale');
    const holdings = await get(`/funds/${fund.isin}/holdings`, reader);
    expect(holdings.status).toBe(200);

    // One holdings list serves every share class of its fund: given again for another class, it is filed there too.
    const sibling = uniqueIsin();
    const forSibling = await json<{ documents: IngestResult[] }>(
      await upload(key, [{ name: 'holdings.csv', content: csv }], sibling),
    );
    expect(forSibling.documents).toEqual([expect.objectContaining({ status: 'filed', isins: [sibling] })]);
    const listed = await json<{ documents: FiledDocument[] }>(await get(`/documents?isin=${sibling}`, key));
    expect(listed.documents[0].isins).toEqual(expect.arrayContaining([fund.isin, sibling]));
    expect((await get(`/funds/${sibling}/holdings`, reader)).status).toBe(200);
    const again = await json<{ documents: IngestResult[] }>(
      await upload(key, [{ name: 'holdings.csv', content: csv }], sibling),
    );
    expect(again.documents).toEqual([expect.objectContaining({ status: 'duplicate' })]);
  });

  it('answers each document of a ZIP and of several files, and rejects what is not a fund document with a reason', async () => {
    const fund = freshFund();
    const zip = Buffer.from(
      zipSync({
        'kids/kid.pdf': new Uint8Array(await kidPdf(fund)),
        'photo.png': new Uint8Array(PNG),
        '../evil.pdf': new Uint8Array(await kidPdf(fund)),
      }),
    );
    const res = await upload(key, [
      { name: 'monthly.zip', content: zip },
      { name: 'logo.png', content: PNG },
      { name: 'empty.csv', content: '' },
    ]);
    expect(res.status).toBe(200);
    const { documents } = await json<{ documents: IngestResult[] }>(res);
    const byFile = Object.fromEntries(documents.map((d) => [d.file, d]));
    expect(byFile['monthly.zip/kids/kid.pdf']).toMatchObject({ status: 'filed', kind: 'kid', isins: [fund.isin] });
    expect(byFile['monthly.zip/photo.png']).toMatchObject({
      status: 'rejected',
      reason: matching(/image/),
    });
    expect(documents.find((d) => d.file.includes('evil'))).toMatchObject({ status: 'rejected' });
    expect(byFile['logo.png']).toMatchObject({ status: 'rejected', reason: matching(/image/) });
    expect(byFile['empty.csv']).toMatchObject({ status: 'rejected', reason: 'the file is empty' });
  });

  it('files an EPT under each share class it covers, read row by row through the FinDatEx folder, and removes it', async () => {
    const [a, b] = [uniqueIsin(), uniqueIsin()];
    const ept = `${eptFile(a, 'Filed EPT Class A', 4)}\nTest Manager,${b},Filed EPT Class B,EUR,2026-01-15,5,5,0.0030`;
    const { documents } = await json<{ documents: IngestResult[] }>(
      await upload(key, [{ name: 'feed.csv', content: ept }]),
    );
    expect(documents).toEqual([expect.objectContaining({ status: 'filed', kind: 'ept', isins: [a, b] })]);
    const { key: reader } = await newKey('scale');
    const fund = await json<{
      name: string;
      data: { riskRating: number; sources: { riskRating: { origin: string } } };
    }>(await get(`/funds/${b}`, reader));
    expect(fund).toMatchObject({ name: 'Filed EPT Class B', data: { riskRating: 5 } });
    expect(fund.data.sources.riskRating.origin).toMatch(/^library:findatex\/filed-[0-9a-f]{64}\.csv$/);

    expect((await remove(key, documents[0].sha256!)).status).toBe(200);
    await expect(
      fs.stat(path.join(config.libraryDir, 'findatex', `filed-${documents[0].sha256}.csv`)),
    ).rejects.toThrow();
    await afterDirectWrite();
    expect((await get(`/funds/${a}`, reader)).status).toBe(404);
  });

  it("files an SCPI's documents under its SCPI by their content, which GET /scpi then answers, and removes them", async () => {
    const profile = scpiProfiles().find((p) => p.bulletins.length > 0 && p.isin === null)!;
    const name = `SCPI Filed ${Math.random().toString(36).slice(2, 8)}`;
    const renamed = { ...profile, name, slug: scpiSlug(name) };
    const files = Object.entries(await scpiDocuments(renamed)).map(([file, content], i) => ({
      name: `scan-${i}.pdf (${file.length})`,
      content,
    }));
    const { documents } = await json<{ documents: IngestResult[] }>(await upload(key, files));
    expect(documents.length).toBe(files.length);
    for (const d of documents)
      expect(d).toMatchObject({ status: 'filed', scpi: renamed.slug, kind: matching(/^scpi-/), language: 'fr' });

    const { key: reader } = await newKey('scale');
    const scpi = await get(`/scpi/${renamed.slug}`, reader);
    expect(scpi.status).toBe(200);
    expect(await json(scpi)).toMatchObject({ id: renamed.slug, name });

    for (const d of documents) {
      const removed = await json<{ scpi: string | null }>(await remove(key, d.sha256!));
      expect(removed.scpi).toBe(renamed.slug);
    }
    expect((await get(`/scpi/${renamed.slug}`, reader)).status).toBe(404);
  });

  it('refuses bad requests with clear JSON errors before anything is filed', async () => {
    const notMultipart = await fetch(`${API}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(notMultipart.status).toBe(415);
    const noFile = await fetch(`${API}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: new FormData(),
    });
    expect([400, 415]).toContain(noFile.status);
    const badIsin = await upload(key, [{ name: 'h.csv', content: 'a,b' }], 'NOT-AN-ISIN');
    expect(badIsin.status).toBe(400);
    expect(await json<ErrorBody>(badIsin)).toMatchObject({ code: 'invalid_isin' });
    const tooLarge = await upload(key, [{ name: 'big.pdf', content: Buffer.alloc(9 * 1024 * 1024, 1) }]);
    expect(tooLarge.status).toBe(413);
    expect((await get('/documents?limit=0', key)).status).toBe(400);
    expect((await get('/documents?kind=poem', key)).status).toBe(400);
    expect((await get('/documents?before=garbage', key)).status).toBe(400);
  });

  it('pages the list with the next cursor', async () => {
    const first = await json<{ documents: FiledDocument[]; next: string | null }>(await get('/documents?limit=1', key));
    expect(first.documents).toHaveLength(1);
    expect(first.next).not.toBeNull();
    const second = await json<{ documents: FiledDocument[] }>(
      await get(`/documents?limit=1&before=${first.next}`, key),
    );
    expect(second.documents).toHaveLength(1);
    expect(second.documents[0].sha256).not.toBe(first.documents[0].sha256);
  });
});

describe('the inbox folder', () => {
  // Another suite may have filled the inbox first (the real documents): the worker takes files in turn.
  async function waitFor(file: string, timeoutMs = 400_000): Promise<void> {
    const start = Date.now();
    for (;;) {
      if (
        await fs.stat(file).then(
          () => true,
          () => false,
        )
      )
        return;
      if (Date.now() - start > timeoutMs) throw new Error(`${file} did not appear`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('ingests files dropped under any name, moves them to done/, and a file that is no document to rejected/ with its reason', async () => {
    const fund = freshFund();
    const batch = `batch-${Date.now()}`;
    await fs.mkdir(path.join(INBOX, batch, fund.isin), { recursive: true });
    await fs.writeFile(path.join(INBOX, batch, 'x9.pdf'), await kidPdf(fund));
    await fs.writeFile(path.join(INBOX, batch, fund.isin, 'positions.csv'), plainHoldingsCsv(fund));
    await fs.writeFile(path.join(INBOX, batch, 'scan.png'), PNG);

    await waitFor(path.join(INBOX, 'done', batch, 'x9.pdf'));
    await waitFor(path.join(INBOX, 'done', batch, fund.isin, 'positions.csv'));
    await waitFor(path.join(INBOX, 'rejected', batch, 'scan.png.reason.json'));
    const reason = JSON.parse(
      await fs.readFile(path.join(INBOX, 'rejected', batch, 'scan.png.reason.json'), 'utf8'),
    ) as {
      reason: string;
    };
    expect(reason.reason).toMatch(/image/);
    await expect(fs.stat(path.join(INBOX, batch, 'x9.pdf'))).rejects.toThrow();

    const key = await operatorKey();
    const filed = await json<{ documents: FiledDocument[] }>(await get(`/documents?isin=${fund.isin}`, key));
    expect(filed.documents.map((d) => d.kind).sort()).toEqual(['holdings', 'kid']);
    expect(filed.documents.find((d) => d.kind === 'kid')?.source).toBe('inbox');
    const { key: reader } = await newKey('scale');
    expect((await get(`/funds/${fund.isin}`, reader)).status).toBe(200);
  }, 600_000);
});

describe('npm run library -- import', () => {
  const run = promisify(execFile);

  it('prints one JSON line per document and exits 1 when one was rejected', async () => {
    const fund = freshFund();
    const dir = await fs.mkdtemp(path.join(config.dataDir, 'import-'));
    await fs.mkdir(path.join(dir, fund.isin));
    await fs.writeFile(path.join(dir, 'a.pdf'), await kidPdf(fund));
    await fs.writeFile(path.join(dir, fund.isin, 'h.csv'), plainHoldingsCsv(fund));
    await fs.writeFile(path.join(dir, 'notes.png'), PNG);
    const outcome = await run('npx', ['tsx', 'scripts/library.ts', 'import', dir], { env: process.env }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
    );
    expect(outcome.code).toBe(1);
    const lines = outcome.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as IngestResult);
    expect(lines).toHaveLength(3);
    const byName = Object.fromEntries(lines.map((l) => [path.basename(l.file), l]));
    expect(byName['a.pdf']).toMatchObject({ status: 'filed', kind: 'kid', isins: [fund.isin] });
    expect(byName['h.csv']).toMatchObject({ status: 'filed', kind: 'holdings', isins: [fund.isin] });
    expect(byName['notes.png']).toMatchObject({ status: 'rejected', reason: matching(/image/) });
    for (const line of lines)
      expect(Object.keys(line).slice(0, 7)).toEqual(['file', 'status', 'kind', 'language', 'isins', 'asOf', 'reason']);

    const usage = await run('npx', ['tsx', 'scripts/library.ts', 'import', '--isin', 'BAD', dir]).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(usage).toMatchObject({ code: 2, stderr: matching(/--isin/) });
  });
});
