import { randomUUID } from 'node:crypto';

import type { Context, Next } from 'koa';

import { accessLog, type Logger } from '../../logger';
import { startHeadList } from './responseHead';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Every response carries an X-Request-Id (the caller's when it sent a sane one), and one JSON log line.
 * The first middleware: it starts the response's header list (responseHead.ts) with the request id.
 */
export function requestContext(log: Logger) {
  const access = accessLog(log);
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    startHeadList(ctx.res, ['X-Request-Id', requestId]);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      access({
        requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(ms * 100) / 100,
        account: (ctx.state.auth as { accountId: number } | undefined)?.accountId,
      });
    }
  };
}
