import type { Browser } from 'puppeteer-core' with { 'resolution-mode': 'import' };

/** The headless Chromium of the browser tests: Debian's, installed by the start scripts (CHROMIUM_PATH overrides). */
export async function launchChromium(): Promise<Browser> {
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
