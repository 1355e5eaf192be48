/**
 * The mail the service wrote to its file sink (no SMTP_URL: `<DATA_DIR>/mail/*.eml`), decoded, newest last.
 *   npm run --silent mail            -> the last 5 messages
 *   npm run --silent mail -- --all   -> every message
 *   npm run --silent mail -- --to ana@example.com
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

import { loadConfigOrExit } from '../src/config';
import { sinkMessages } from '../src/outbound/mailSink';

function main(): void {
  const { values } = parseArgs({
    options: { all: { type: 'boolean', default: false }, to: { type: 'string' } },
  });
  const config = loadConfigOrExit();
  if (config.accounts.smtpUrl) {
    process.stdout.write('SMTP_URL is set: mail goes to that server, not to the file sink.\n');
    return;
  }
  const to = values.to?.toLowerCase();
  const messages = sinkMessages(config.accounts.mailDir).filter((m) => !to || m.to.toLowerCase().includes(to));
  const shown = values.all ? messages : messages.slice(-5);
  if (shown.length === 0) {
    process.stdout.write(`No mail in ${path.relative(process.cwd(), config.accounts.mailDir)}/ yet.\n`);
    return;
  }
  for (const m of shown)
    process.stdout.write(
      `--- ${path.basename(m.file)}\nDate: ${m.date}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text.trim()}\n\n`,
    );
}

main();
