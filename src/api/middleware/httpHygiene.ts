import type { IncomingMessage, ServerResponse } from 'node:http';

import helmet, { type HelmetOptions } from 'helmet';
import type { Context, Middleware, Next } from 'koa';

import { errors } from '../errors';
import { appendHeads } from './responseHead';

/**
 * Security headers on every response: nosniff, no referrer, no framing, no version banner. JSON
 * needs no content at all, hence `default-src 'none'`; HTML pages set their own policy.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with these options, computed once: none of them depends on the request,
 * and running helmet per request (it rebuilds the policy strings each time) cost the warm hot path
 * a measurable share of its throughput.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return [...headers.entries()];
}

/** Computed once for the process: every response, the raw parser-error answers included, carries these. */
export const SECURITY_HEADERS: readonly [string, string][] = helmetHeaders();
const SECURITY_PAIRS: readonly string[] = SECURITY_HEADERS.flat();

/** Into the response's header list (responseHead.ts). Not async: the step costs no promise of its own. */
export function securityHeaders(ctx: Context, next: Next): Promise<void> {
  appendHeads(ctx.res, SECURITY_PAIRS);
  return next();
}

/** The methods some route of ours answers; anything else (TRACE, PROPFIND, ...) is 501 whatever the path. */
const IMPLEMENTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The three steps every request passes before routing, in one: methods we do not implement (501),
 * the JSON body of methods that carry one (`parseJson`), then OPTIONS answered as JSON. A GET or HEAD
 * needs none of them and goes straight on, without a promise or a dispatch per step.
 */
export function methodsBodyAndOptions(parseJson: Middleware): Middleware {
  return (ctx, next) => {
    const { method } = ctx;
    if (method === 'GET' || method === 'HEAD') return next();
    if (!IMPLEMENTED_METHODS.has(method)) throw errors.notImplemented(method);
    return parseJson(ctx, () => optionsAsJson(ctx, next)) as Promise<void>;
  };
}

/**
 * OPTIONS on a route answers 200 with the Allow header and the same list as JSON (the router alone sends an empty
 * body).
 */
async function optionsAsJson(ctx: Context, next: Next): Promise<void> {
  await next();
  const allow = ctx.response.get('Allow');
  if (ctx.method === 'OPTIONS' && ctx.status === 200 && allow && !ctx.body) {
    ctx.body = { methods: allow.split(/\s*,\s*/).filter(Boolean) };
  }
}
