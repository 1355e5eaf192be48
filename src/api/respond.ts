import type { Context } from 'koa';

/**
 * Sends a JSON body made of parts (a small head, a shared stored payload, a tail) without
 * concatenating them: the stored payload buffer is written as it is, so a warm request allocates
 * no copy of it. Headers set on ctx before this call are kept; HEAD gets the headers only.
 */
export function sendJsonParts(ctx: Context, parts: Buffer[]): void {
  const length = parts.reduce((n, p) => n + p.length, 0);
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.length = length;
  ctx.respond = false;
  const res = ctx.res;
  res.statusCode = 200;
  if (ctx.method === 'HEAD') {
    res.end();
    return;
  }
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
  process.nextTick(() => res.uncork());
}
