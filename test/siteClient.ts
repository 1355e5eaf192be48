import { sinkMessages } from '../src/outbound/mailSink';
import { config } from './helpers';

/**
 * A browser's part of the site for integration tests, over fetch: a cookie jar, the forms' CSRF token read
 * from the page, the mail sink read like a person reads a message. Every client speaks from an IP of
 * its own (X-Forwarded-For: the test stack trusts its proxy), so the suites' sign-ups and log-ins fall
 * in windows of their own.
 */
export const SITE = `http://127.0.0.1:${config.port}`;

let clients = 0;

export class SiteClient {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  constructor(ip?: string) {
    clients++;
    this.ip = ip ?? `198.51.${Math.floor(Math.random() * 250)}.${(clients % 250) + 1}`;
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', this.ip);
    if (this.cookies.size > 0)
      headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const res = await fetch(`${SITE}${pathname}`, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** GET a page: its status and HTML, and the CSRF token its forms carry. */
  async page(pathname: string): Promise<{ status: number; html: string; csrf: string; res: Response }> {
    const res = await this.request(pathname);
    const html = await res.text();
    return { status: res.status, html, csrf: csrfOf(html), res };
  }

  /** POSTs a form as a browser does, with the token of the page it came from. */
  async submit(pathname: string, fields: Record<string, string | string[]>, csrf: string): Promise<Response> {
    const body = new URLSearchParams();
    const all: Record<string, string | string[]> = { ...fields, _csrf: csrf };
    for (const [name, value] of Object.entries(all))
      for (const v of typeof value === 'string' ? [value] : value) body.append(name, v);
    return this.request(pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE },
      body,
    });
  }

  /** Opens the form page, then submits it. */
  async fill(formPage: string, action: string, fields: Record<string, string | string[]>): Promise<Response> {
    const { csrf } = await this.page(formPage);
    return this.submit(action, fields, csrf);
  }
}

export function csrfOf(html: string): string {
  return /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

/** The messages of the sink sent to `to` (newest last), decoded. */
export function mailTo(to: string): { subject: string; text: string }[] {
  return sinkMessages(config.accounts.mailDir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The messages to `to` once there are `count` of them (mail leaves in the background), within a few seconds. */
export async function mailsTo(
  to: string,
  count: number,
  timeoutMs = 5_000,
): Promise<{ subject: string; text: string }[]> {
  const deadline = Date.now() + timeoutMs;
  while (mailTo(to).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return mailTo(to);
}

/** The link of the newest message to `to` whose path is `pathname`, waiting a little for the mail to be written. */
export async function mailedLink(to: string, pathname: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`);
  for (;;) {
    const links = mailTo(to)
      .map((m) => pattern.exec(m.text)?.[0])
      .filter((l): l is string => Boolean(l));
    if (links.length > 0) return links[links.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${pathname} link`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens the mailed verification link and presses its button, as a person does: the answer's HTML. */
export async function verifyThroughLink(client: SiteClient, link: string): Promise<string> {
  const url = new URL(link);
  const { csrf } = await client.page(url.pathname + url.search);
  const res = await client.submit('/verify', { token: url.searchParams.get('token') ?? '' }, csrf);
  return res.text();
}

let accounts = 0;
export const PASSWORD = 'a long enough password';

/** A unique address for a test account. */
export function uniqueEmail(tag: string): string {
  accounts++;
  return `${tag}-${Date.now().toString(36)}-${accounts}@example.org`;
}

/** Signs up, opens the mailed link (which logs in and shows the first key): a verified account in session. */
export async function signedUpClient(tag: string): Promise<{ client: SiteClient; email: string; key: string }> {
  const client = new SiteClient();
  const email = uniqueEmail(tag);
  const res = await client.fill('/signup', '/signup', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  const html = await verifyThroughLink(client, await mailedLink(email, '/verify'));
  const key = /id="new-key"[^>]*>([^<]+)</.exec(html)?.[1] ?? '';
  if (!key.startsWith('fds_')) throw new Error('the verification page showed no key');
  return { client, email, key };
}
