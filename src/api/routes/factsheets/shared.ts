import type Router from '@koa/router';

import { ShareTokenParam } from '../../../schema/factsheets';
import { errorResponse, PDF_CONTENT, PUBLIC, registry } from '../../../schema/openapi';
import { z } from '../../../schema/zod';
import { documentOf, type FactsheetDeps, type ShareLinkKind } from '../../../usecases/factsheets';
import type { PageVariant } from '../../../usecases/ports/factsheets';
import { ApiError } from '../../errors';
import type { PathContext } from '../../respond';
import { pdfUnavailable, presentFactsheet, sendDocument } from './presenter';

export interface SharedFactsheetDeps extends FactsheetDeps {
  retryAfterSeconds: number;
}

/** Where a sheet's keyless links point, under the API prefix. */
export const SHARED_PATHS: Record<ShareLinkKind, (token: string) => string> = {
  html: (token) => `/shared/factsheets/${token}`,
  embed: (token) => `/shared/factsheets/${token}/embed`,
  pdf: (token) => `/shared/factsheets/${token}/pdf`,
};

const gone = () => new ApiError(404, 'not_found', 'No factsheet at this link: it was deleted, or the link is wrong');

/**
 * The keyless links (spec 5.5): whoever holds one sees the sheet, rendered from its snapshot, and
 * nothing else; the token is 256 random bits. Not metered. The embed page may be framed by any site;
 * the others by none.
 */
export function registerSharedFactsheetRoutes(router: Router, deps: SharedFactsheetDeps): void {
  const serve = (kind: ShareLinkKind) => async (ctx: PathContext) => {
    const saved = await deps.sheets.shared(ctx.params.token);
    if (!saved) throw gone();
    const variant: PageVariant = kind === 'embed' ? 'embed' : 'page';
    const document = await documentOf(deps, saved, kind === 'pdf' ? 'pdf' : 'html', variant);
    if (!document) throw pdfUnavailable(presentFactsheet(deps, saved.record), deps.retryAfterSeconds);
    sendDocument(ctx, document, saved.record, deps.renderer.styleHash, kind === 'embed' ? 'anyone' : 'none');
  };
  router.get(SHARED_PATHS.html(':token'), serve('html'));
  router.get(SHARED_PATHS.embed(':token'), serve('embed'));
  router.get(SHARED_PATHS.pdf(':token'), serve('pdf'));
}

for (const [kind, summary, content] of [
  ['html', 'A shared factsheet page (keyless); may not be framed', 'text/html'],
  ['embed', 'A shared factsheet page for an <iframe> on any site (keyless)', 'text/html'],
  ['pdf', 'A shared factsheet PDF (keyless)', null],
] as const) {
  registry.registerPath({
    method: 'get',
    path: SHARED_PATHS[kind]('{token}'),
    summary,
    security: PUBLIC,
    description:
      'Rendered from the snapshot the sheet was made from. Served with a Content-Security-Policy that allows its style sheet only (no script); not indexed by robots.',
    request: { params: ShareTokenParam },
    responses: {
      200: { description: 'The document', content: content ? { [content]: { schema: z.string() } } : PDF_CONTENT },
      404: errorResponse('not_found: deleted, or no such link'),
      ...(kind === 'pdf' ? { 503: errorResponse('pdf_unavailable: the renderer is unavailable; retry later') } : {}),
    },
  });
}
