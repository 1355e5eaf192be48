import { randomUUID } from 'node:crypto';

import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import pino from 'pino';

import { createRenderActivities } from '../src/activities';
import { createPool } from '../src/db/postgres';
import { ChromiumPrinter } from '../src/render/chromium';
import { factsheetPage } from '../src/render/page';
import type { ErrorBody } from '../src/schema/errors';
import type { FactsheetList } from '../src/schema/factsheets';
import type { z } from '../src/schema/zod';
import { createLazyTemporalClient } from '../src/temporal/client';
import { TemporalPdfPrinter } from '../src/temporal/pdfPrinter';
import { config, get, json, newKey, usedOf } from './helpers';
import { startInProcessApi } from './inProcessApi';

/**
 * The PDF renderer unavailable (spec 3, last row): an API whose render queue is served by a worker
 * whose browser cannot start, and one whose render queue nobody serves. The HTML sheet is saved
 * either way; the answer is 503 pdf_unavailable with the sheet's links, and nothing is charged.
 */
const SAMPLE = 'ZZSMPL000022';
const log = pino({ level: 'silent' });

function printerOn(renderQueue: string, timeoutMs: number) {
  const temporal = createLazyTemporalClient(config);
  return {
    temporal,
    printer: new TemporalPdfPrinter(temporal, { taskQueue: config.temporal.taskQueue, renderQueue, timeoutMs }, log),
  };
}

describe('POST /factsheets when the PDF renderer is unavailable', () => {
  const renderQueue = `broken-render-${randomUUID()}`;
  const pool = createPool(config, 2);
  let connection: NativeConnection;
  let worker: Worker;
  let running: Promise<void>;
  const brokenBrowser = new ChromiumPrinter({ executablePath: '/nonexistent/chromium', pages: 1, log });

  beforeAll(async () => {
    try {
      Runtime.install({ logger: new DefaultLogger('ERROR') }); // the failing prints are expected: keep them out of the test output
    } catch {
      // a runtime of this process was installed already (another suite in the same jest worker)
    }
    connection = await NativeConnection.connect({ address: config.temporal.address });
    worker = await Worker.create({
      connection,
      namespace: config.temporal.namespace,
      taskQueue: renderQueue,
      activities: createRenderActivities({ pool, page: factsheetPage, printer: brokenBrowser }),
    });
    running = worker.run();
  });

  afterAll(async () => {
    worker.shutdown();
    await running;
    await connection.close();
    await pool.end();
  });

  async function expectPdfUnavailable(base: string, key: string): Promise<void> {
    const before = await usedOf(key);
    const res = await fetch(`${base}/factsheets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ isin: SAMPLE, format: 'pdf' }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await json<ErrorBody>(res);
    expect(body).toMatchObject({
      code: 'pdf_unavailable',
      message: expect.any(String) as unknown,
      factsheet: {
        isin: SAMPLE,
        format: 'pdf',
        links: {
          html: expect.any(String) as unknown,
          pdf: expect.any(String) as unknown,
          embed: expect.any(String) as unknown,
        },
      },
    });
    expect(await usedOf(key)).toBe(before);

    // The HTML sheet is saved and served; the PDF is still unavailable, through the API and the link.
    const sheet = body.factsheet!; // present: checked just above
    const page = await fetch(`${base}/shared/factsheets/${sheet.links.html.split('/').pop()}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SAMPLE);
    const listed = await json<z.infer<typeof FactsheetList>>(
      await fetch(`${base}/factsheets`, { headers: { Authorization: `Bearer ${key}` } }),
    );
    expect(listed.factsheets.map((s) => s.id)).toContain(sheet.id);
    const pdf = await fetch(`${base}/factsheets/${sheet.id}?format=pdf`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(pdf.status).toBe(503);
    expect(await json<ErrorBody>(pdf)).toMatchObject({ code: 'pdf_unavailable', factsheet: { id: sheet.id } });
  }

  it('answers 503 pdf_unavailable when the browser cannot start', async () => {
    const { temporal, printer } = printerOn(renderQueue, 30_000);
    const api = await startInProcessApi({ printer });
    try {
      const { key } = await newKey('pro');
      expect((await get(`/funds/${SAMPLE}`, key)).status).toBe(200);
      await expectPdfUnavailable(api.base, key);
    } finally {
      await api.close();
      await temporal.connection.close();
    }
  });

  it('answers 503 pdf_unavailable when no render worker answers in time', async () => {
    const { temporal, printer } = printerOn(`nobody-${randomUUID()}`, 2_000);
    const api = await startInProcessApi({ printer });
    try {
      const { key } = await newKey('pro');
      await expectPdfUnavailable(api.base, key);
    } finally {
      await api.close();
      await temporal.connection.close();
    }
  });
});
