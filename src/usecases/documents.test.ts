import type { FiledTargets, IngestRequest } from '../domain/documents';
import type { FiledDocument, IngestResult } from '../schema/documents';
import { fileDocuments, listDocuments, reloadFiled, removeDocument } from './documents';
import { LoadTimeoutError } from './ports/dependencies';
import type { FiledDocumentQuery } from './ports/documents';

const up = { firstDown: () => null };
const temporalDown = { firstDown: () => 'temporal' as const };

function filed(file: string, sha256: string): IngestResult {
  return {
    file,
    status: 'filed',
    sha256,
    kind: 'kid',
    language: 'en',
    isins: ['IE00B4L5Y983'],
    scpi: null,
    asOf: null,
    reason: null,
  };
}

function fakes() {
  const stored: Buffer[] = [];
  const ingested: IngestRequest[] = [];
  const reloaded: FiledTargets[] = [];
  return {
    stored,
    ingested,
    reloaded,
    uploads: {
      storeUpload: (content: Buffer) => {
        stored.push(content);
        return Promise.resolve({ sha256: String(stored.length).padStart(64, '0'), size: content.length });
      },
    },
    ingester: {
      ingest: (request: IngestRequest) => {
        ingested.push(request);
        return Promise.resolve([filed(request.fileName, request.sha256)]);
      },
      reload: (targets: FiledTargets) => {
        reloaded.push(targets);
        return Promise.resolve();
      },
      remove: (sha256: string) =>
        Promise.resolve(sha256.startsWith('a') ? { isins: ['IE00B4L5Y983'], scpi: null } : null),
    },
  };
}

describe('fileDocuments', () => {
  it('stores each file, ingests it with the ISIN and source given, and answers every result in file order', async () => {
    const f = fakes();
    const outcome = await fileDocuments(
      { health: up, ...f },
      [
        { name: 'a.pdf', content: Buffer.from('a') },
        { name: 'b.csv', content: Buffer.from('b') },
      ],
      { isin: 'IE00B4L5Y983', source: 'import' },
    );
    expect(outcome).toEqual({
      outcome: 'ingested',
      results: [filed('a.pdf', '0'.repeat(63) + '1'), filed('b.csv', '0'.repeat(63) + '2')],
    });
    expect(f.ingested.map((r) => [r.fileName, r.isin, r.source])).toEqual([
      ['a.pdf', 'IE00B4L5Y983', 'import'],
      ['b.csv', 'IE00B4L5Y983', 'import'],
    ]);
  });

  it('rejects an empty file without storing it', async () => {
    const f = fakes();
    const outcome = await fileDocuments({ health: up, ...f }, [{ name: 'e.pdf', content: Buffer.alloc(0) }], {
      isin: null,
      source: 'inbox',
    });
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      results: [{ file: 'e.pdf', status: 'rejected', reason: 'the file is empty' }],
    });
    expect(f.stored).toEqual([]);
  });

  it('keeps at most 512 characters of a file name', async () => {
    const f = fakes();
    const long = `${'x'.repeat(2000)}.pdf`;
    const outcome = await fileDocuments({ health: up, ...f }, [{ name: long, content: Buffer.from('a') }], {
      isin: null,
      source: 'api:k',
    });
    expect(f.ingested[0].fileName).toBe(long.slice(0, 512));
    expect(outcome).toMatchObject({ outcome: 'ingested', results: [{ file: long.slice(0, 512) }] });
  });

  it('stores nothing while the job engine is down', async () => {
    const f = fakes();
    const outcome = await fileDocuments(
      { health: temporalDown, ...f },
      [{ name: 'a.pdf', content: Buffer.from('a') }],
      { isin: null, source: 'api:x' },
    );
    expect(outcome).toEqual({ outcome: 'unavailable', dependency: 'temporal' });
    expect(f.stored).toEqual([]);
  });

  it('says the ingestion is still running when the caller stopped waiting', async () => {
    const f = fakes();
    const ingester = { ...f.ingester, ingest: () => Promise.reject(new LoadTimeoutError('slow')) };
    const outcome = await fileDocuments(
      { health: up, uploads: f.uploads, ingester },
      [{ name: 'a.pdf', content: Buffer.from('a') }],
      { isin: null, source: 'inbox' },
    );
    expect(outcome).toEqual({ outcome: 'still_running' });
  });
});

describe('a batch filed, then reloaded once (the inbox folder)', () => {
  it('files without reloading, then reloads each fund and SCPI that something new was filed for, once', async () => {
    const f = fakes();
    const outcome = await fileDocuments({ health: up, ...f }, [{ name: 'a.pdf', content: Buffer.from('a') }], {
      isin: null,
      source: 'inbox',
      deferReload: true,
    });
    expect(f.ingested[0]).toMatchObject({ reload: false });
    const fundResult = (isins: string[], status: IngestResult['status'] = 'filed'): IngestResult => ({
      ...filed('x', 'f'.repeat(64)),
      isins,
      status,
    });
    const scpiResult: IngestResult = {
      ...filed('s', 'e'.repeat(64)),
      kind: 'scpi-bulletin',
      isins: [],
      scpi: 'horizon',
    };
    if (outcome.outcome !== 'ingested') throw new Error(outcome.outcome);
    await reloadFiled(f, [
      ...outcome.results,
      fundResult(['IE00B4L5Y983', 'IE00B3RBWM25']),
      fundResult(['LU0274208692'], 'duplicate'),
      fundResult([], 'rejected'),
      scpiResult,
      scpiResult,
    ]);
    expect(f.reloaded).toEqual([{ isins: ['IE00B4L5Y983', 'IE00B3RBWM25'], scpi: ['horizon'] }]);
  });

  it('reloads the funds of the files handed in together once, before answering, unless the caller defers it', async () => {
    const f = fakes();
    await fileDocuments(
      { health: up, ...f },
      [
        { name: 'kid.pdf', content: Buffer.from('a') },
        { name: 'factsheet.pdf', content: Buffer.from('b') },
      ],
      { isin: null, source: 'api:k' },
    );
    expect(f.ingested.map((r) => r.reload)).toEqual([false, false]);
    expect(f.reloaded).toEqual([{ isins: ['IE00B4L5Y983'], scpi: [] }]);
  });
});

describe('listDocuments', () => {
  const docs: FiledDocument[] = Array.from({ length: 5 }, (_, i) => ({
    sha256: String(i).repeat(64),
    kind: 'kid',
    mediaType: 'application/pdf',
    language: 'en',
    isins: ['IE00B4L5Y983'],
    scpi: null,
    asOf: null,
    name: null,
    source: 'inbox',
    fileName: `${i}.pdf`,
    filedAt: new Date(Date.UTC(2026, 0, 10 - i)).toISOString(),
  }));
  const store = {
    list: (q: FiledDocumentQuery) =>
      Promise.resolve(
        docs
          .filter(
            (d) =>
              !q.before ||
              d.filedAt < q.before.filedAt ||
              (d.filedAt === q.before.filedAt && d.sha256 < q.before.sha256),
          )
          .slice(0, q.limit),
      ),
  };

  it('pages through everything with the next cursor, and ends with null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const listed = await listDocuments({ filed: store }, { isin: null, kind: null, limit: 2, cursor });
      if (listed.outcome !== 'listed') throw new Error(listed.outcome);
      seen.push(...listed.documents.map((d) => d.fileName));
      cursor = listed.next;
      if (!cursor) break;
    }
    expect(seen).toEqual(['0.pdf', '1.pdf', '2.pdf', '3.pdf', '4.pdf']);
    expect(cursor).toBeNull();
  });

  it.each([
    'garbage',
    '',
    Buffer.from('2026-01-01T00:00:00.000Z|nothex').toString('base64url'),
    Buffer.from('x|' + 'a'.repeat(64)).toString('base64url'),
  ])('refuses the cursor %j', async (cursor) => {
    expect(await listDocuments({ filed: store }, { isin: null, kind: null, limit: 2, cursor })).toEqual({
      outcome: 'bad_cursor',
    });
  });
});

describe('removeDocument', () => {
  const f = fakes();
  it('removes a filed document and names its funds', async () => {
    expect(await removeDocument({ health: up, ingester: f.ingester }, 'a'.repeat(64))).toEqual({
      outcome: 'removed',
      sha256: 'a'.repeat(64),
      isins: ['IE00B4L5Y983'],
      scpi: null,
    });
  });
  it.each(['', 'A'.repeat(64), 'a'.repeat(63), `${'a'.repeat(63)}g`, '../etc/passwd'])(
    'refuses the hash %j',
    async (hash) => {
      expect(await removeDocument({ health: up, ingester: f.ingester }, hash)).toEqual({ outcome: 'invalid_hash' });
    },
  );
  it('answers not_found for a hash nothing was filed under, and unavailable while Temporal is down', async () => {
    expect(await removeDocument({ health: up, ingester: f.ingester }, 'b'.repeat(64))).toEqual({
      outcome: 'not_found',
    });
    expect(await removeDocument({ health: temporalDown, ingester: f.ingester }, 'a'.repeat(64))).toEqual({
      outcome: 'unavailable',
      dependency: 'temporal',
    });
  });
});
