import fs from 'node:fs';
import path from 'node:path';

/**
 * Reading back the mail the file sink wrote (`createMailer` without SMTP_URL): for `npm run mail` and the tests,
 * as a person would read it in a mail program. Bodies are 7bit or quoted-printable (mailer.ts says why).
 */
export interface SinkMessage {
  file: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

/** One .eml file's headers (folded lines unfolded, names in lower case) and decoded body. */
export function readEml(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const rawBody = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === '7bit' || encoding === '8bit') return { headers, body: rawBody };
  if (encoding !== 'quoted-printable') throw new Error(`unexpected transfer encoding ${encoding}`);
  const joined = rawBody.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return { headers, body: Buffer.from(bytes).toString('utf8') };
}

/** Every message in the sink, oldest first (file names sort by time); none when the folder does not exist. */
export function sinkMessages(mailDir: string): SinkMessage[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(mailDir, name);
      const { headers, body } = readEml(fs.readFileSync(file, 'utf8'));
      const header = (key: string) => headers.get(key) ?? '';
      return { file, to: header('to'), subject: header('subject'), date: header('date'), text: body };
    });
}
