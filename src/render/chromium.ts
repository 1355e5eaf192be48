import Bottleneck from 'bottleneck';
import type { Browser, Page } from 'puppeteer-core' with { 'resolution-mode': 'import' };

import type { Logger } from '../logger';

/** Flags for a headless Chromium in a container: no sandbox (we run as root), no GPU, no background traffic. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--font-render-hinting=none',
];
const LAUNCH_TIMEOUT_MS = 20_000;
const PRINT_TIMEOUT_MS = 15_000;

/** The browser could not be started or reached: printing is unavailable until it can. */
export class BrowserUnavailableError extends Error {}

export interface ChromiumPrinterOptions {
  executablePath: string;
  /** Pages kept open and reused; also how many documents print at once. */
  pages: number;
  log: Logger;
}

/**
 * One warm Chromium (Debian's, driven by puppeteer-core) that prints HTML to A4 PDFs. The browser
 * starts on first use and stays; pages are reused; a browser that crashed or was killed is noticed
 * (its `disconnected` event) and launched again on the next print. Pages run no script and load
 * nothing: every request they would make is refused.
 */
export class ChromiumPrinter {
  private browser: Promise<Browser> | null = null;
  private readonly idle: Page[] = [];
  private readonly printing: Bottleneck;

  constructor(private readonly options: ChromiumPrinterOptions) {
    this.printing = new Bottleneck({ maxConcurrent: options.pages });
  }

  print(html: string): Promise<Buffer> {
    return this.printing.schedule(() => this.printOnAPage(html));
  }

  private async printOnAPage(html: string): Promise<Buffer> {
    let page: Page | null = null;
    try {
      page = this.idle.pop() ?? (await this.newPage());
      await page.setContent(html, { waitUntil: 'load', timeout: PRINT_TIMEOUT_MS });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        preferCSSPageSize: true,
        timeout: PRINT_TIMEOUT_MS,
      });
      this.idle.push(page);
      page = null;
      return Buffer.from(pdf);
    } finally {
      if (page) await page.close().catch(() => {}); // a page that failed is not reused
    }
  }

  /** The browser's process id, while one runs (operators and tests find it with this). */
  async pid(): Promise<number | null> {
    const browser = await this.browser?.catch(() => null);
    return browser?.process()?.pid ?? null;
  }

  async close(): Promise<void> {
    const browser = await this.browser?.catch(() => null);
    this.browser = null;
    this.idle.length = 0;
    await browser?.close().catch(() => {});
  }

  private async newPage(): Promise<Page> {
    const browser = await this.ensureBrowser();
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request) => void request.abort('blockedbyclient'));
    return page;
  }

  private ensureBrowser(): Promise<Browser> {
    this.browser ??= this.launch().catch((err: unknown) => {
      this.browser = null;
      throw new BrowserUnavailableError(
        `Chromium could not be started (${this.options.executablePath}): ${String(err)}`,
        { cause: err },
      );
    });
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    const { default: puppeteer } = await import('puppeteer-core');
    const started = Date.now();
    const browser = await puppeteer.launch({
      executablePath: this.options.executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      // Over stdio pipes rather than a socket: when the worker dies, even by SIGKILL, the pipes close and Chromium
      // exits with it.
      pipe: true,
    });
    const pid = browser.process()?.pid;
    this.options.log.info({ pid, ms: Date.now() - started }, 'chromium started');
    browser.once('disconnected', () => {
      this.options.log.warn({ pid }, 'chromium went away; the next print starts a new one');
      if (this.browser) {
        this.browser = null;
        this.idle.length = 0;
      }
    });
    return browser;
  }
}
