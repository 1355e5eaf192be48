import type { Context } from 'koa';

import { setHead } from './middleware/responseHead';

/** A request's context with the path parameters the router (or a route's fast path) decoded. */
export type PathContext = Context & { params: Record<string, string> };

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a JSON body made of parts (a small head, a shared stored payload, a tail) without
 * concatenating them: the stored payload buffer is written as it is, so a warm request allocates
 * no copy of it. Headers set on ctx before this call are kept; HEAD gets the headers only.
 *
 * On the hot path: the status goes to the Node response directly and the two headers join the
 * response's header list (responseHead.ts): what `ctx.status = 200`, `ctx.type = 'application/json'`
 * and `ctx.length` would set, without Koa's setters; a head given as a string travels in the same
 * chunk as the response's header block; the parts leave in one writev (the socket is corked until
 * `end`, which uncorks it).
 */
export function sendJsonParts(ctx: Context, parts: readonly (Buffer | string)[]): void {
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
  ctx.respond = false;
  const { res } = ctx;
  res.statusCode = 200;
  setHead(res, 'Content-Type', JSON_TYPE);
  setHead(res, 'Content-Length', String(length));
  if (ctx.method === 'HEAD') {
    res.end();
    return;
  }
  res.cork();
  const last = parts.length - 1;
  for (let i = 0; i < last; i++) res.write(parts[i]);
  res.end(parts[last]);
}
