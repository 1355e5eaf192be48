import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

import type Router from '@koa/router';
import type { Context } from 'koa';

import type { Logger } from '../../../logger';
import { ExportLine, ExportQuery } from '../../../schema/export';
import { errorResponse, RATE_LIMIT_HEADERS, registry, SECURED } from '../../../schema/openapi';
import { z } from '../../../schema/zod';
import { exportFunds } from '../../../usecases/exportFunds';
import type { ExportFilter, FundExport } from '../../../usecases/ports/export';
import { errors, queryMessage } from '../../errors';
import type { Meter } from '../../middleware/meter';
import { exportLines } from './presenter';

export interface ExportRouteDeps {
  meter: Meter;
  exports: FundExport;
  log: Logger;
  retryAfterSeconds: number;
}

const NDJSON = 'application/x-ndjson';
/** The same lines under the type asked for: generated clients that know no NDJSON ask for octet-stream. */
const BYTES = 'application/octet-stream';
/** A client that takes nothing for this long is cut off: its export holds a database connection and snapshot. */
const IDLE_CLIENT_MS = 60_000;

export function registerExportRoutes(router: Router, deps: ExportRouteDeps): void {
  router.get('/export', async (ctx: Context) => {
    const caller = await deps.meter.caller(ctx);
    const query = ExportQuery.safeParse(ctx.query);
    if (!query.success) return deps.meter.refuse(caller, errors.invalidQuery(queryMessage(query.error)));
    const billing = deps.meter.billing(ctx, caller, { operation: 'export', minPlan: 'scale', feature: 'GET /export' });
    const run = await exportFunds(deps.exports, filterOf(query.data), billing);
    if (run.outcome === 'busy') throw errors.serviceUnavailable(deps.retryAfterSeconds);
    try {
      await sendNdjson(ctx, exportLines(run.funds), compressionWanted(ctx, query.data.gzip), deps.log);
    } finally {
      await run.close(); // at once when the client left mid-stream, not when the read would next have noticed
    }
  });
}

function filterOf(query: ExportQuery): ExportFilter {
  return {
    issuer: query.issuer ?? null,
    assetClass: query.assetClass ?? null,
    currency: query.currency ?? null,
    generatedAfterUs: query.since ?? null,
  };
}

/**
 * gzip=1 forces compression and gzip=0 disables it; otherwise Accept-Encoding decides (q-values honoured, none sent:
 * plain).
 */
function compressionWanted(ctx: Context, gzip: '0' | '1' | undefined): boolean {
  if (gzip !== undefined) return gzip === '1';
  return ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
}

/**
 * Streams the lines with backpressure (the read goes no faster than the client takes it) and no
 * Content-Length. Once the first line is out, a failure can only end the response short: the client
 * sees an incomplete body, never a partial export passed off as whole.
 */
async function sendNdjson(ctx: Context, lines: AsyncIterable<Buffer>, gzip: boolean, log: Logger): Promise<void> {
  ctx.status = 200;
  ctx.set('Content-Type', ctx.accepts(NDJSON, BYTES) || NDJSON);
  ctx.vary('Accept-Encoding');
  ctx.vary('Accept');
  if (gzip) ctx.set('Content-Encoding', 'gzip');
  ctx.respond = false; // the pipeline writes the response, not Koa
  ctx.res.setTimeout(IDLE_CLIENT_MS, () => ctx.res.destroy());
  try {
    await (gzip ? pipeline(lines, createGzip(), ctx.res) : pipeline(lines, ctx.res));
  } catch (err) {
    const clientLeft = (err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (clientLeft)
      log.info({ requestId: ctx.state.requestId }, 'export ended early: the client went away or stopped reading');
    else
      log.warn(
        { requestId: ctx.state.requestId, err: String(err) },
        'export failed mid-stream; the response was cut short',
      );
  }
}

registry.registerPath({
  method: 'get',
  path: '/export',
  summary: 'Every stored fund as NDJSON (scale, enterprise)',
  description:
    'One line per stored fund matching the filters, in ISIN order: an ExportLine {isin, name, generatedAt, expiresAt, data} followed by a line feed. ' +
    'Streamed from a database cursor as the client reads (no Content-Length); a body cut short means the export failed, retry it. ' +
    'Filters combine (all must match): issuer and assetClass match the whole value ignoring case, accents and surrounding spaces; currency ' +
    'is a three-letter code; since keeps payloads generated strictly after it. Unknown parameters are ignored. Gzipped (Content-Encoding: gzip) ' +
    'when Accept-Encoding accepts gzip; gzip=1 forces it, gzip=0 disables it. 1 credit per call whatever its size, charged when the stream starts ' +
    'and given back when the database fails. Scale and enterprise only (others 403 plan_required). A client that reads nothing for 60 s is disconnected.',
  security: SECURED,
  request: { query: ExportQuery },
  responses: {
    200: {
      description: 'NDJSON: one ExportLine per line',
      headers: {
        ...RATE_LIMIT_HEADERS,
        'Content-Encoding': { description: 'gzip when compressed', schema: { type: 'string' } },
        Vary: { description: 'Accept-Encoding', schema: { type: 'string' } },
      },
      content: {
        [NDJSON]: { schema: ExportLine },
        [BYTES]: {
          schema: z
            .string()
            .openapi({ format: 'binary', description: 'The same lines, for Accept: application/octet-stream' }),
        },
      },
    },
    400: errorResponse(
      'invalid_query: a parameter sent twice, since not a date-time with a zone, currency not three letters, gzip not 0 or 1, issuer or assetClass empty or too long. Not counted',
    ),
    401: errorResponse('missing_api_key, invalid_api_key, revoked_api_key'),
    403: errorResponse('plan_required: the scale plan or higher (nothing charged)'),
    405: errorResponse('method_not_allowed: HEAD is refused on metered routes'),
    429: errorResponse('rate_limited (reason burst, credits_exhausted or overage_cap)'),
    503: errorResponse(
      'service_unavailable: our database is down, or as many exports as this server runs at once are running; retry after Retry-After seconds (not counted)',
    ),
  },
});
