/**
 * Factsheets: the warm HTML render and the warm PDF through the render workflow, each against a
 * baseline of the same run.
 *
 * - HTML: the page of a saved sheet rendered from its snapshot (renderFactsheetHtml, in this process,
 *   the work the API does the first time it serves a sheet's page; one render per turn of the event
 *   loop, as a server runs them), and GET of the sheet's keyless link through the built API (the
 *   record and snapshot read, the page from the API's cache of rendered pages, the answer).
 *   Baseline: GET /me on the same connection.
 * - PDF: POST /factsheets {format: pdf} end to end (fund from the store, sheet saved, workflow
 *   factsheet-render/<id>, print on the worker's warm browser, PDF stored and answered), a new sheet
 *   per call. Baseline: the bare page.setContent() + page.pdf() of the same HTML on a warm page of a
 *   browser of this process. Rounds alternate the two.
 *
 *   BENCH_API_PORT=8097 node_modules/.bin/tsx bench/factsheets.ts
 *
 * BENCH_FACTSHEET_RUNS (40). Writes bench/results/factsheets.json.
 */
import { createPool } from '../src/db/postgres';
import { FactsheetsRepository } from '../src/db/repositories/factsheets';
import { renderFactsheetHtml } from '../src/render/factsheet';
import {
  Api,
  config,
  distribution,
  enterpriseKeys,
  envInt,
  expectStatus,
  log,
  round2,
  run,
  writeResults,
} from './support';

const BENCH = 'factsheets';
const RUNS = envInt('BENCH_FACTSHEET_RUNS', 40);
const SAMPLE = 'ZZSMPL000014';
const TARGET_HTML_MS = 20;
/** Untimed rounds first: the worker's and this process's JIT, the browsers' caches. */
const WARM_UP = 10;
const TARGET_PDF_MS = 300;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

run(async () => {
  const [key] = await enterpriseKeys(BENCH, 1);
  const api = new Api();
  const pool = createPool(config, 2);
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: config.render.chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    expectStatus('warming the sample', await api.get(`/funds/${SAMPLE}`, key));
    const made = await api.post('/factsheets', key, { isin: SAMPLE, deliver: 'link', format: 'pdf' });
    expectStatus("a first sheet (starts the worker's browser)", made);
    const sheet = JSON.parse(made.body) as { id: string; links: { html: string } };
    const token = sheet.links.html.split('/').pop()!;
    const saved = (await new FactsheetsRepository(pool).shared(token))!;
    const options = {
      language: saved.record.language,
      pdfUrl: null,
      createdAt: saved.record.createdAt.toISOString(),
    } as const;

    log(BENCH, `HTML: ${RUNS} renders in process, ${RUNS} GETs of the shared page, each followed by GET /me`);
    const render: number[] = [];
    for (let i = 0; i < WARM_UP * 20; i++) renderFactsheetHtml(saved.snapshot, { ...options, variant: 'page' }); // the JIT's warm-up
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      renderFactsheetHtml(saved.snapshot, { ...options, variant: 'page' });
      render.push(ms(start));
      await new Promise((r) => setImmediate(r));
    }
    const shared: number[] = [];
    const me: number[] = [];
    const sharedPath = `/shared/factsheets/${token}`;
    for (let i = 0; i < RUNS; i++) {
      const page = await api.get(sharedPath, key);
      expectStatus('GET shared page', page);
      shared.push(page.ms);
      const baseline = await api.me(key);
      expectStatus('GET /me', baseline);
      me.push(baseline.ms);
    }

    log(BENCH, `PDF: ${RUNS} rounds of POST /factsheets {format: pdf} and a bare page.pdf() of the same HTML`);
    const printHtml = renderFactsheetHtml(saved.snapshot, { ...options, variant: 'print' });
    const page = await browser.newPage();
    const bare = async () => {
      const start = process.hrtime.bigint();
      await page.setContent(printHtml, { waitUntil: 'load' });
      await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      return ms(start);
    };
    for (let i = 0; i < WARM_UP; i++) {
      await bare();
      expectStatus('warm-up print', await api.post('/factsheets', key, { isin: SAMPLE, format: 'pdf' }));
    }
    const workflow: number[] = [];
    const bareMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const res = await api.post('/factsheets', key, { isin: SAMPLE, format: 'pdf' });
      expectStatus('POST /factsheets pdf', res);
      if (!res.body.startsWith('%PDF-')) throw new Error('POST /factsheets pdf did not answer a PDF');
      workflow.push(res.ms);
      bareMs.push(await bare());
    }

    const html = { inProcess: distribution(render), sharedPage: distribution(shared), baselineMe: distribution(me) };
    const pdf = { throughWorkflow: distribution(workflow), barePagePdf: distribution(bareMs) };
    writeResults(BENCH, {
      sample: SAMPLE,
      runs: RUNS,
      html: {
        ...html,
        ratio: { sharedPageP50ToMe: round2(html.sharedPage.p50 / html.baselineMe.p50) },
        target: { renderP50UnderMs: TARGET_HTML_MS },
        met: html.inProcess.p50 < TARGET_HTML_MS && html.sharedPage.p50 < TARGET_HTML_MS,
      },
      pdf: {
        ...pdf,
        ratio: { p50: round2(pdf.throughWorkflow.p50 / pdf.barePagePdf.p50) },
        target: { p50UnderMs: TARGET_PDF_MS },
        met: pdf.throughWorkflow.p50 < TARGET_PDF_MS,
      },
    });
  } finally {
    await browser.close();
    await api.close();
    await pool.end();
  }
});
