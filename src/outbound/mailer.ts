import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';

import { createTransport } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

import type { Mailer, MailMessage } from '../usecases/ports/accounts';

/** How long an SMTP exchange may wait: the TCP (and TLS) connection, the server's greeting, any silence after. */
interface SmtpTimeoutsMs {
  connection: number;
  greeting: number;
  socket: number;
}

const SMTP_TIMEOUTS_MS: SmtpTimeoutsMs = { connection: 10_000, greeting: 10_000, socket: 20_000 };

export interface MailerOptions {
  /** smtp:// or smtps://, credentials in the URL; null: every message is written as a file to `mailDir`. */
  smtpUrl: string | null;
  /** The From header of every message. */
  from: string;
  mailDir: string;
  /** Tests: shorter SMTP timeouts. */
  timeoutsMs?: Partial<SmtpTimeoutsMs>;
}

/**
 * The body's transfer encoding, fixed so that one rule reads every message back: a body of ASCII lines of at most 76
 * characters is sent as it is (7bit); any other body is quoted-printable (never base64, which nodemailer would choose
 * for mostly non-Latin text). A link longer than a line is therefore soft-wrapped (`=` at the end of a line) and its
 * `=` signs are written `=3D`: mail programs decode that; a reader of the raw file decodes quoted-printable (the
 * `Content-Transfer-Encoding` header says which).
 */
const TEXT_ENCODING = 'quoted-printable';

function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

/** One mailbox, no line break: a message goes to exactly one account's address. */
function checkRecipient(to: string): void {
  if (hasLineBreak(to)) throw new Error('mail recipient contains a line break');
  const parsed = addressparser(to);
  if (parsed.length !== 1 || parsed[0].group || !parsed[0].address?.includes('@'))
    throw new Error('mail recipient must be exactly one address');
}

function checkMessage(message: MailMessage): void {
  checkRecipient(message.to);
  if (hasLineBreak(message.subject)) throw new Error('mail subject contains a line break');
}

/** `YYYYMMDDTHHMMSSmmm` in UTC: file names that sort by time. */
function fileStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('.', '').replace('Z', '');
}

/**
 * The Mailer port: through the SMTP server of `smtpUrl`, or, without one (development, tests), as `.eml` files in
 * `mailDir`. `describe()` says which for the start-up log, never with the URL's credentials. Message bodies carry
 * verification and reset links: nothing here logs them.
 */
export function createMailer(options: MailerOptions): Mailer & { describe(): string } {
  if (hasLineBreak(options.from)) throw new Error('mail sender contains a line break');
  return options.smtpUrl === null
    ? fileMailer(options.from, options.mailDir)
    : smtpMailer(options.smtpUrl, options.from, options.timeoutsMs);
}

function smtpMailer(
  smtpUrl: string,
  from: string,
  timeoutsMs: Partial<SmtpTimeoutsMs> = {},
): Mailer & { describe(): string } {
  // Node's URL error carries the input: never let it reach a log with the password in it.
  const url = URL.canParse(smtpUrl) ? new URL(smtpUrl) : null;
  if (!url) throw new Error('the SMTP URL is not a URL');
  const secure = url.protocol === 'smtps:';
  if (!secure && url.protocol !== 'smtp:') throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  const where = `${url.hostname}:${url.port || (secure ? 465 : 587)}`;
  const timeouts = { ...SMTP_TIMEOUTS_MS, ...timeoutsMs };
  // The URL's own parameters (`?requireTLS=false`, `?ignoreTLS=true`, any nodemailer SMTP option) win over these.
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
    // smtp:// to another machine must upgrade with STARTTLS, so the credentials never cross the network in clear
    // (opportunistic STARTTLS would let a man in the middle strip it); loopback may stay plain.
    requireTLS: !secure && !isLoopbackHost(url.hostname),
    disableFileAccess: true,
    disableUrlAccess: true,
    maxRecipients: 1,
    logger: false,
    debug: false,
  });
  return {
    describe: () => `SMTP ${where}`,
    async send(message) {
      checkMessage(message);
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        date: new Date(),
        textEncoding: TEXT_ENCODING,
      });
    },
  };
}

/**
 * Each message as one `.eml` file in `mailDir` (0700; files 0600, as they hold live links), named
 * `<UTC YYYYMMDDTHHMMSSmmm>-<8 random hex>.eml`: written under a dot-name first and renamed, so a reader never sees
 * half a message. The stamps of one process strictly increase (a millisecond is added on a tie), so the names sort in
 * the order the messages were sent.
 */
function fileMailer(from: string, mailDir: string): Mailer & { describe(): string } {
  const transport = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    disableFileAccess: true,
    disableUrlAccess: true,
    maxRecipients: 1,
    logger: false,
  });
  let lastStamp = 0;
  return {
    describe: () => `files in ${mailDir}`,
    async send(message) {
      checkMessage(message);
      const ms = Math.max(Date.now(), lastStamp + 1);
      lastStamp = ms;
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        date: new Date(ms),
        textEncoding: TEXT_ENCODING,
      });
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail stream transport returned no buffer');
      await fs.mkdir(mailDir, { recursive: true, mode: 0o700 });
      const name = `${fileStamp(ms)}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = path.join(mailDir, `.${name}.tmp`);
      try {
        await fs.writeFile(temporary, info.message, { mode: 0o600, flag: 'wx' });
        await fs.rename(temporary, path.join(mailDir, name));
      } catch (err) {
        await fs.rm(temporary, { force: true });
        throw err;
      }
    },
  };
}
