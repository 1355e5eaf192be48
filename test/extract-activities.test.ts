import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { sampleDocuments, sampleFunds } from '../samples/library';
import { createExtractionActivities } from '../src/activities/extraction';
import { DocumentsRepository } from '../src/db/repositories/documents';
import { FAILURE_TYPES } from '../src/domain/failures';
import { RobotsTxtCache } from '../src/outbound/robots';
import { db } from './helpers';

/** URL fetching for POST /extract, against a local server the test lets through the address policy. */
describe('extraction activities: fetching a URL', () => {
  let server: http.Server;
  let base: string;
  let kid: Buffer;
  const loopbackOnlyForThisTest = (address: string) => address === '127.0.0.1';

  beforeAll(async () => {
    kid = (await sampleDocuments(sampleFunds()[0]))['kid.pdf'] as Buffer;
    server = http.createServer((req, res) => {
      if (req.url === '/robots.txt') return res.end('User-agent: *\nDisallow: /private/\n');
      if (req.url === '/kid.pdf') return res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(kid);
      if (req.url === '/private/kid.pdf') return res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(kid);
      if (req.url === '/to-metadata')
        return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (req.url === '/page.html')
        return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>not a pdf</html>');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const activities = () =>
    createExtractionActivities({
      documents: new DocumentsRepository(db()),
      robots: new RobotsTxtCache({ isAllowedAddress: loopbackOnlyForThisTest }),
      isAllowedAddress: loopbackOnlyForThisTest,
    });

  it('fetches, validates and stores a PDF once, then extracts it', async () => {
    const a = activities();
    const ref = await a.fetchUrlDocument(`${base}/kid.pdf`, 'kid');
    expect(ref).toMatchObject({
      kind: 'kid',
      mediaType: 'application/pdf',
      origin: `${base}/kid.pdf`,
      size: kid.length,
    });
    const again = await a.fetchUrlDocument(`${base}/kid.pdf`, 'kid');
    expect(again.sha256).toBe(ref.sha256);
    const extracted = await a.extractStoredDocument(ref, null);
    expect(extracted.isin).toBe(sampleFunds()[0].isin);
    expect(extracted.fieldsFilled).toBeGreaterThan(5);
  });

  const failureOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'no failure';
    } catch (err) {
      return (err as { type?: string }).type ?? String(err);
    }
  };

  it('respects robots.txt', async () => {
    expect(await failureOf(activities().fetchUrlDocument(`${base}/private/kid.pdf`, 'kid'))).toBe(FAILURE_TYPES.robots);
  });

  it('refuses a redirect to a metadata address', async () => {
    expect(await failureOf(activities().fetchUrlDocument(`${base}/to-metadata`, 'kid'))).toBe(FAILURE_TYPES.urlRefused);
  });

  it('refuses what is not a PDF and stores nothing', async () => {
    const before = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM documents')).rows[0].n;
    expect(await failureOf(activities().fetchUrlDocument(`${base}/page.html`, 'kid'))).toBe(FAILURE_TYPES.unreadable);
    expect(await failureOf(activities().fetchUrlDocument(`${base}/missing.pdf`, 'kid'))).toBe(FAILURE_TYPES.notFound);
    expect((await db().query<{ n: number }>('SELECT count(*)::int AS n FROM documents')).rows[0].n).toBe(before);
  });
});
