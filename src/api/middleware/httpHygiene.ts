import helmet from 'koa-helmet';
import type { Context, Next } from 'koa';
import { errors } from '../errors';

/**
 * Security headers on every response (helmet): nosniff, no referrer, no framing, no version
 * banner. JSON needs no content at all, hence `default-src 'none'`; HTML pages set their own policy.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** The methods some route of ours answers; anything else (TRACE, PROPFIND, ...) is 501 whatever the path. */
const IMPLEMENTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export async function implementedMethodsOnly(ctx: Context, next: Next): Promise<void> {
  if (!IMPLEMENTED_METHODS.has(ctx.method)) throw errors.notImplemented(ctx.method);
  await next();
}

/** OPTIONS on a route answers 200 with the Allow header and the same list as JSON (the router alone sends an empty body). */
export async function optionsAsJson(ctx: Context, next: Next): Promise<void> {
  await next();
  const allow = ctx.response.get('Allow');
  if (ctx.method === 'OPTIONS' && ctx.status === 200 && allow && !ctx.body) {
    ctx.body = { methods: allow.split(/\s*,\s*/).filter(Boolean) };
  }
}
