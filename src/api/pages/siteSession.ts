import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Context } from 'koa';

import type { AccountRecord } from '../../usecases/ports/accounts';

/**
 * The site's cookies and its defences against cross-site requests. Sessions ride in an HttpOnly cookie
 * (`__Host-` prefixed and Secure over https, SameSite=Lax so a link from a mail lands logged in); forms carry a
 * token: the session's own once logged in, else the value of a second cookie (double submit) for the
 * sign-up, log-in and reset forms. A POST also has to come from our own origin when the browser says
 * where it comes from (Origin, Sec-Fetch-Site).
 */

export interface SiteSession {
  id: string;
  accountId: number;
  csrf: string;
}

/** What a page request knows about its visitor, in ctx.state.site. */
export interface SiteState {
  session: SiteSession | null;
  account: AccountRecord | null;
}

const SESSION_COOKIE = 'fds_session';
const CSRF_COOKIE = 'fds_csrf';

/** `__Host-` cookies must be Secure, path /, with no domain: the browser then keeps them to this very origin. */
function cookieName(ctx: Context, base: string): string {
  return ctx.secure ? `__Host-${base}` : base;
}

function cookieOptions(ctx: Context, sameSite: 'lax' | 'strict', maxAge?: number) {
  return { httpOnly: true, secure: ctx.secure, sameSite, path: '/', overwrite: true, signed: false, maxAge };
}

export function sessionIdOf(ctx: Context): string | null {
  return ctx.cookies.get(cookieName(ctx, SESSION_COOKIE)) ?? null;
}

/** The session cookie lives no longer than the session can (its absolute expiry). */
export function setSessionCookie(ctx: Context, id: string, maxAgeMs: number): void {
  ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), id, cookieOptions(ctx, 'lax', maxAgeMs));
}

export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(cookieName(ctx, SESSION_COOKIE), '', { ...cookieOptions(ctx, 'lax'), maxAge: 0 });
}

/** The double-submit token of a visitor's forms: the cookie's value, set now when the browser has none. */
export function visitorCsrf(ctx: Context): string {
  const held = ctx.cookies.get(cookieName(ctx, CSRF_COOKIE));
  if (held && /^[A-Za-z0-9_-]{43}$/.test(held)) return held;
  const token = randomBytes(32).toString('base64url');
  ctx.cookies.set(cookieName(ctx, CSRF_COOKIE), token, cookieOptions(ctx, 'strict'));
  return token;
}

/** Constant-time equality of two tokens (hashed first, so their lengths do not matter). */
export function tokensMatch(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string' || presented === '' || expected === '') return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** False when the browser says the request comes from another site. */
export function fromOurOrigin(ctx: Context): boolean {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = ctx.get('Origin');
  // Our own origin from the Host (Koa 3's ctx.origin is the request's Origin header, not ours).
  return !origin || origin === `${ctx.protocol}://${ctx.host}`;
}

/**
 * The CSRF check of a POST: our origin, and the form's `_csrf` equal to the session's token (logged in) or to the
 * visitor's cookie (the forms before log-in).
 */
export function csrfValid(ctx: Context, state: SiteState): boolean {
  if (!fromOurOrigin(ctx)) return false;
  const presented = (ctx.request.body as Record<string, unknown> | undefined)?._csrf;
  if (state.session) return tokensMatch(presented, state.session.csrf);
  const held = ctx.cookies.get(cookieName(ctx, CSRF_COOKIE));
  return held !== undefined && tokensMatch(presented, held);
}
