// A process that starts the printer, prints once, says its browser's pid, and dies by SIGKILL (src/render/chromium.test.ts).
import pino from 'pino';
import { ChromiumPrinter } from '../chromium';

async function main(): Promise<void> {
  const printer = new ChromiumPrinter({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pages: 1, log: pino({ level: 'silent' }) });
  await printer.print('<p>x</p>');
  process.stdout.write(`${await printer.pid()}\n`, () => process.kill(process.pid, 'SIGKILL'));
}
void main();
