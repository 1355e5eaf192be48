import path from 'node:path';

import { PDFDocument } from 'pdf-lib';

import { kidPdf, kiidPdf } from '../../../samples/documents';
import { sampleFunds } from '../../../samples/funds';
import { EPT_ROW, readFeedInThread, table } from '../../../test/fixtures/findatexRows';
import { type DocumentKind, UnreadableDocumentError } from '../../domain/documents';
import { extractDocumentData } from '../../sources/extract';
import { identifyDocument } from '../identify';
import { closePdfReaders } from '../pdf/text';
import { type LoadedDocument, parseDocument } from './document';
import { closeParsePool, identifyInPool, ParsePool, ParseTimeoutError } from './pool';

const SPINNING_TASK = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'parseTasks', 'spinningTask.js');
// A fresh thread loads TypeScript and the 26 language tables before its first document: about a second, two under load.
const LIMIT_MS = 3_000;

function textDocument(
  kind: DocumentKind,
  text: string,
  origin = `${kind}.txt`,
  mediaType = 'text/plain',
): LoadedDocument {
  const content = Buffer.from(text);
  return {
    ref: {
      sha256: 'a'.repeat(64),
      kind,
      mediaType,
      origin,
      retrievedAt: '2026-01-01T00:00:00.000Z',
      size: content.length,
    },
    content,
  };
}

const KID_TEXT = [
  'Key Information Document',
  'Product: Example Global Equity Fund',
  'ISIN: LU0292097234',
  'We have classified this product as 4 out of 7.',
  'Recommended holding period: 5 years',
  'Entry costs 1.00% of the amount you pay in.',
  'The fund tracks the MSCI World Index.',
].join('\n');

describe('ParsePool', () => {
  // One thread, so "the pool still serves the next task" means the thread that replaced the killed one.
  const pool = new ParsePool({ taskFile: SPINNING_TASK, timeLimitMs: LIMIT_MS, maxThreads: 1 });
  afterAll(() => pool.close());

  beforeAll(async () => {
    await pool.parse(textDocument('kid', KID_TEXT)); // starts the thread (loading TypeScript there is not parsing)
  });

  it('terminates a thread stuck in synchronous code at the time limit, as a permanent document failure', async () => {
    const err = await pool.parse(textDocument('kid', 'anything', 'spin-forever')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseTimeoutError);
    expect(err).toBeInstanceOf(UnreadableDocumentError);
    expect((err as Error).message).toBe(
      `spin-forever: parsing the document took longer than ${LIMIT_MS} ms and was stopped`,
    );
  });

  it('serves the next document after killing a thread', async () => {
    await pool.parse(textDocument('kid', 'x', 'spin-forever')).catch(() => undefined);
    const parsed = await pool.parse(textDocument('kid', KID_TEXT));
    expect(parsed).toEqual(await parseDocument(textDocument('kid', KID_TEXT)));
  });

  it('runs queued documents after a killed one, each with its own limit', async () => {
    const results = await Promise.allSettled([
      pool.parse(textDocument('kid', 'x', 'spin-forever')),
      pool.parse(textDocument('kid', KID_TEXT)),
      pool.parse(textDocument('nav', 'Date,NAV\n2024-01-02,101.5\n2024-01-03,102\n', 'nav.csv', 'text/csv')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });

  it('rebuilds an unreadable document error raised in the thread, with its message', async () => {
    const doc = textDocument('nav', 'nothing tabular here', 'nav.csv', 'text/csv');
    const inThread = (await parseDocument(doc).catch((e: unknown) => e)) as Error;
    const err = await pool.parse(doc).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreadableDocumentError);
    expect((err as Error).message).toBe(inThread.message);
  });

  it('gives extractDocumentData the clear permanent error', async () => {
    const err = await extractDocumentData(textDocument('kid', 'x', 'spin-forever'), null, {
      parse: (d) => pool.parse(d),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseTimeoutError);
  });
});

describe('a thread that fails between documents', () => {
  it('is reported and replaced; the process and the pool carry on', async () => {
    const failures: unknown[] = [];
    const pool = new ParsePool({
      taskFile: path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'parseTasks', 'lateThrowTask.js'),
      maxThreads: 1,
      onThreadError: (err) => failures.push(err),
    });
    try {
      await expect(pool.parse(textDocument('kid', 'x', 'late'))).rejects.toBeInstanceOf(UnreadableDocumentError);
      await new Promise((r) => setTimeout(r, 300));
      expect(String(failures[0])).toContain('late failure in the thread');
      await expect(pool.parse(textDocument('kid', 'x', 'late'))).rejects.toBeInstanceOf(UnreadableDocumentError);
    } finally {
      await pool.close();
    }
  });
});

describe('the shared parse pool', () => {
  afterAll(() => closeParsePool());

  it('parses documents as the in-thread parser does (the result survives the trip between threads)', async () => {
    const docs = [
      textDocument('kid', KID_TEXT),
      textDocument('nav', 'Date,NAV,Benchmark\n2024-01-02,101.5,99\n2024-01-03,102,100\n', 'nav.csv', 'text/csv'),
      textDocument(
        'holdings',
        'Ticker,Name,Sector,Weight (%),Location\nAAPL,Apple,IT,4.5,US\nMSFT,Microsoft,IT,4.0,US\n',
        'h.csv',
        'text/csv',
      ),
    ];
    for (const doc of docs) {
      const pooled = await extractDocumentData(doc, null);
      const inThread = await extractDocumentData(doc, null, { parse: parseDocument });
      expect(pooled).toEqual(inThread);
      expect(pooled.fieldsFilled).toBeGreaterThan(0);
    }
  });
});

describe('indexing a FinDatEx feed file in a thread', () => {
  const pool = new ParsePool({ maxThreads: 1 });
  afterAll(() => pool.close());
  const feedDocument = (content: Buffer): LoadedDocument => ({
    ref: {
      sha256: '0'.repeat(64),
      kind: 'ept',
      mediaType: 'text/csv',
      origin: 'library:findatex/feed.csv',
      retrievedAt: new Date(0).toISOString(),
      size: content.length,
    },
    content,
  });

  it('answers the index the in-thread reader makes, its block of lines intact', async () => {
    const content = table([
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': 'ZZSYN0000012', '00050_Portfolio_Name': 'Fonds Épargne' },
      { ...EPT_ROW, '00030_Portfolio_Identifying_Data': '037833100' },
    ]);
    const pooled = await pool.indexFeed(feedDocument(content));
    const inThread = await readFeedInThread(feedDocument(content));
    expect('feed' in pooled && Buffer.from(pooled.feed.lines).toString('utf8')).toContain('Fonds Épargne');
    expect({
      ...pooled,
      feed: 'feed' in pooled ? { ...pooled.feed, lines: Buffer.from(pooled.feed.lines) } : null,
    }).toEqual({
      ...inThread,
      feed: 'feed' in inThread ? { ...inThread.feed, lines: Buffer.from(inThread.feed.lines) } : null,
    });
  });

  it('rebuilds the unreadable document error of a file that is no FinDatEx file', async () => {
    const refused = pool.indexFeed(feedDocument(Buffer.from('a,b\n1,2\n')));
    await expect(refused).rejects.toBeInstanceOf(UnreadableDocumentError);
    await expect(refused).rejects.toThrow(/no FinDatEx header/);
  });
});

describe('identifying documents in the parse pool', () => {
  afterAll(() => Promise.all([closeParsePool(), closePdfReaders()]));

  /** A KIID followed by a KID: two documents in one PDF. */
  async function kiidThenKid(): Promise<Buffer> {
    const [a, b] = sampleFunds().map((f) => ({ ...f, language: 'en' as const }));
    const out = await PDFDocument.create();
    for (const part of [await kiidPdf(a), await kidPdf(b)]) {
      const source = await PDFDocument.load(part);
      for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
    }
    return Buffer.from(await out.save());
  }

  it('identifies and splits as the in-thread identification does, its parts back as Buffers', async () => {
    const pdf = await kiidThenKid();
    const pooled = await identifyInPool(pdf);
    expect(pooled).toEqual(await identifyDocument(pdf));
    if (!pooled.ok) throw new Error(pooled.reason);
    expect(pooled.documents.map((d) => [d.kind, d.pages])).toEqual([
      ['kiid', [1, 1]],
      ['kid', [2, 3]],
    ]);
    expect(pooled.documents.every((d) => Buffer.isBuffer(d.content))).toBe(true);
  });

  it('answers a refusal as data', async () => {
    expect(await identifyInPool(Buffer.alloc(0))).toEqual({ ok: false, reason: 'the file is empty' });
  });

  it('refuses a document that overruns the time limit instead of throwing', async () => {
    // Starting a thread alone takes longer than this limit.
    const pool = new ParsePool({ timeLimitMs: 50, maxThreads: 1 });
    try {
      expect(await pool.identify(await kiidThenKid())).toEqual({
        ok: false,
        reason: 'reading the document took longer than 0.05 s and was stopped',
      });
    } finally {
      await pool.close();
    }
  });
});
