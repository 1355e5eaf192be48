import fs from 'node:fs';

import type Router from '@koa/router';
import type { Context } from 'koa';

import { OpenApiDocumentSchema } from '../../../schema/health';
import { buildOpenApiDocument, PUBLIC, registry } from '../../../schema/openapi';
import { methodologyHtml } from './methodology';

/**
 * Read once at start-up: a stream that failed mid-response would bypass the JSON error shape and the security headers.
 */
const redocBundle = fs.readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'));

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Fund Data Service API reference</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>body { margin: 0; }</style>
</head>
<body>
  <redoc spec-url="/api/v1/openapi.json" hide-download-button="false"></redoc>
  <script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * Redoc's standalone bundle compiles parts of the schema viewer at run time (new Function) and
 * renders in blob workers: this page alone gets 'unsafe-eval' and blob:, never the API's JSON or
 * the methodology page. No page of ours may be framed by another site.
 */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-eval' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src blob:; font-src 'self' data:; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** The methodology page is static HTML with one inline style sheet: nothing else may load. */
const METHODOLOGY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Keyless: the OpenAPI 3.1 document (generated once from the zod schemas) and a readable reference page. */
export function registerDocsRoutes(apiRouter: Router, rootRouter: Router): void {
  let document: string | null = null;
  apiRouter.get('/openapi.json', (ctx: Context) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    ctx.type = 'application/json';
    ctx.body = document;
  });
  rootRouter.get('/docs', (ctx: Context) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.body = DOCS_PAGE;
  });
  const methodology = methodologyHtml();
  rootRouter.get('/docs/methodology', (ctx: Context) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', METHODOLOGY_CSP);
    ctx.body = methodology;
  });
  rootRouter.get('/docs/redoc.standalone.js', (ctx: Context) => {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = redocBundle;
  });
}

registry.registerPath({
  method: 'get',
  path: '/openapi.json',
  summary: 'This OpenAPI document',
  description:
    'No key, free. The OpenAPI 3.1 document the API is described by and its official clients (clients/) are generated from; the reference at /docs reads it.',
  security: PUBLIC,
  responses: {
    200: { description: 'The document', content: { 'application/json': { schema: OpenApiDocumentSchema } } },
  },
});
