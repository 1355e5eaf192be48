import cors from '@koa/cors';
import type { Middleware } from 'koa';

/**
 * The keyless reads a web page on any origin may fetch: health, the OpenAPI document, the demo
 * factsheet, shared factsheets. Everything else takes a key, and a key must not live in a browser
 * (anyone can read it there), so keyed routes send no CORS headers: browsers refuse cross-origin
 * calls to them, preflights included. Call them from your own server.
 */
const PUBLIC_READS = [
  /^\/api\/v1\/(health|openapi\.json)$/,
  /^\/api\/v1\/demo\/funds\/[^/]+$/,
  /^\/api\/v1\/shared\/factsheets\/[^/]+(\/embed|\/pdf)?$/,
];

export function isPublicRead(path: string): boolean {
  return PUBLIC_READS.some((pattern) => pattern.test(path));
}

const openToAnyOrigin = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD'],
  allowHeaders: ['Accept'], // not Authorization: these reads take no key
  exposeHeaders: ['X-Request-Id', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
  maxAge: 86_400,
});

/** `Access-Control-Allow-Origin: *` (no credentials) on the public reads; keyed routes are not touched (nor slowed). */
export const corsPolicy: Middleware = (ctx, next) =>
  isPublicRead(ctx.path) ? (openToAnyOrigin(ctx, next) as Promise<void>) : next();
