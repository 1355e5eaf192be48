import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';

import type { Notice, PageFrame } from '../../render/site';
import { SITE_CSP } from '../../render/site';
import type { AccountRecord } from '../../usecases/ports/accounts';
import { type SiteSession, type SiteState, visitorCsrf } from './siteSession';

/** The few helpers every page handler shares: the state, the frame, the answer. */

export function siteState(ctx: Context): SiteState {
  return (ctx.state.site as SiteState | undefined) ?? { session: null, account: null };
}

/** Who is looking and the token of the page's forms. */
export function frameOf(ctx: Context, notice?: Notice): PageFrame {
  const { session, account } = siteState(ctx);
  const user = account ? { email: account.email, plan: account.plan, verified: account.verifiedAt !== null } : null;
  return { user, csrf: session ? session.csrf : visitorCsrf(ctx), ...(notice ? { notice } : {}) };
}

/** A page: its status, the site's policy, never stored by a cache (pages carry tokens, some a key shown once). */
export function sendPage(ctx: Context, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', SITE_CSP);
  ctx.set('Cache-Control', 'no-store');
  // The API's no-referrer makes browsers send `Origin: null` with a form: same-origin keeps our own origin in it
  // (the CSRF check reads it) and still tells other sites nothing.
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.body = html;
}

/** After a POST that changed something: the page to look at next (303, so a reload does not post again). */
export function seeOther(ctx: Context, path: string): void {
  ctx.status = 303;
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(path);
}

/** The logged-in account and its session; null after a redirect to the log-in page. */
export function loggedIn(ctx: Context): { account: AccountRecord; session: SiteSession } | null {
  const { account, session } = siteState(ctx);
  if (account && session) return { account, session };
  seeOther(ctx, `/login?next=${encodeURIComponent(ctx.path)}`);
  return null;
}

/** Only paths of our own dashboard may be where a log-in leads: no other site, no scheme-relative URL. */
export function localNext(raw: unknown): string {
  return typeof raw === 'string' && /^\/dashboard(?:\/[a-z]+)*$/.test(raw) ? raw : '/dashboard';
}

/** Form fields, urlencoded, 32 KB at most (a webhook's thousand ISINs fit). */
export const formBody: Middleware = bodyParser({ enableTypes: ['form'], formLimit: '32kb', encoding: 'utf-8' });

export function field(ctx: Context, name: string): unknown {
  return (ctx.request.body as Record<string, unknown> | undefined)?.[name];
}

/** A value the form may send once or several times (checkboxes), as a list of strings. */
export function fieldList(ctx: Context, name: string): string[] {
  const value = field(ctx, name);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

export const errorNotice = (text: string): Notice => ({ kind: 'error', text });
export const okNotice = (text: string): Notice => ({ kind: 'ok', text });

/** "Try again in N minutes" for a refused attempt, with Retry-After. */
export function limitedNotice(ctx: Context, retryAfterSeconds: number): Notice {
  ctx.set('Retry-After', String(retryAfterSeconds));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return errorNotice(`Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
