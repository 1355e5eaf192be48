import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';
import pino from 'pino';

import { BrowserUnavailableError, ChromiumPrinter } from './chromium';

const log = pino({ level: 'silent' });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const A4 = { width: 595.28, height: 841.89 };
const page = (body: string) =>
  `<!doctype html><html><head><style>@page { size: A4; margin: 0 }</style></head><body>${body}</body></html>`;

async function pdfShape(bytes: Buffer): Promise<{ pages: number; width: number; height: number }> {
  const doc = await PDFDocument.load(bytes);
  const { width, height } = doc.getPage(0).getSize();
  return { pages: doc.getPageCount(), width, height };
}

describe('ChromiumPrinter (Debian Chromium through puppeteer-core)', () => {
  const printer = new ChromiumPrinter({ executablePath: CHROMIUM, pages: 2, log });
  afterAll(() => printer.close());

  it('prints HTML to a one-page A4 PDF', async () => {
    const pdf = await printer.print(page('<h1>ZZSMPL000014</h1>'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const shape = await pdfShape(pdf);
    expect(shape.pages).toBe(1);
    expect(shape.width).toBeCloseTo(A4.width, 0);
    expect(shape.height).toBeCloseTo(A4.height, 0);
  });

  it('keeps one browser warm across prints, several at once', async () => {
    await printer.print(page('<p>warm</p>'));
    const pid = await printer.pid();
    const pdfs = await Promise.all(Array.from({ length: 5 }, (_, i) => printer.print(page(`<p>${i}</p>`))));
    expect(pdfs.every((p) => p.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    expect(await printer.pid()).toBe(pid);
  });

  it('starts a new browser after the old one was killed', async () => {
    await printer.print(page('<p>before</p>'));
    const pid = (await printer.pid())!;
    process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    const pdf = await printer.print(page('<p>after</p>'));
    expect((await pdfShape(pdf)).pages).toBe(1);
    const relaunched = await printer.pid();
    expect(relaunched).not.toBeNull();
    expect(relaunched).not.toBe(pid);
  });

  it('runs no script and loads nothing the page asks for', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests++;
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const pdf = await printer.print(
        page(
          `<img src="${url}/img.png"><link rel="stylesheet" href="${url}/s.css"><script>fetch('${url}/js')</script><p>text</p>`,
        ),
      );
      expect((await pdfShape(pdf)).pages).toBe(1);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('leaves no browser behind when its process is killed', async () => {
    const script = path.join(__dirname, '..', '..', 'test', 'fixtures', 'printAndDie.ts');
    const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
    const output = await new Promise<string>((resolve) => execFile(tsx, [script], (_err, stdout) => resolve(stdout)));
    const pid = Number(output.trim());
    expect(pid).toBeGreaterThan(0);
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; alive() && waited < 5_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(alive()).toBe(false);
  });

  it('says the browser is unavailable when it cannot start, and tries again on the next print', async () => {
    const broken = new ChromiumPrinter({ executablePath: '/nonexistent/chromium', pages: 1, log });
    await expect(broken.print(page('<p>x</p>'))).rejects.toBeInstanceOf(BrowserUnavailableError);
    await expect(broken.print(page('<p>x</p>'))).rejects.toThrow(/could not be started/);
    await broken.close();
  });
});
