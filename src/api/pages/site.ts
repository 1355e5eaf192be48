import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';

import { errorPage, SITE_CSS, SITE_ICON, SITE_JS } from '../../render/site';
import type { AccountDeps } from '../../usecases/accounts';
import { type ErrorHandling, toApiError } from '../errors';
import { registerAccountPages } from './accountPages';
import { registerDashboardPages } from './dashboardPages';
import { type FeaturePageDeps, registerFeaturePages } from './featurePages';
import { formBody, frameOf, seeOther, sendPage } from './pageKit';
import { clearSessionCookie, csrfValid, fromOurOrigin, sessionIdOf, type SiteState } from './siteSession';

export interface SiteDeps extends FeaturePageDeps {
  accounts: AccountDeps;
  sessionMaxMs: number;
  errors: ErrorHandling;
}

/** The paths the site answers; everything else is the API's (JSON), whatever the browser. */
const SITE_PATH =
  /^\/(?:|signup|login|logout|verify(?:\/resend)?|reset(?:\/password)?|assets\/(?:site\.css|site\.js|icon\.svg)|dashboard(?:\/.*)?)$/;

/** The forms only a logged-in page shows. */
const SESSION_FORMS = /^\/(?:logout|verify\/resend|dashboard(?:\/.*)?)$/;

/** Cached a day by browsers; the page's CSP allows these files and nothing else. */
function serveAssets(router: Router): void {
  const asset = (type: string, body: string) => (ctx: Context) => {
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = body;
  };
  router.get('/assets/site.css', asset('text/css; charset=utf-8', SITE_CSS));
  router.get('/assets/site.js', asset('application/javascript; charset=utf-8', SITE_JS));
  router.get('/assets/icon.svg', asset('image/svg+xml', SITE_ICON));
}

/** The visitor: a live session (idle and absolute expiry) and its account, or nobody. */
async function loadVisitor(ctx: Context, deps: SiteDeps): Promise<SiteState> {
  const id = sessionIdOf(ctx);
  if (!id) return { session: null, account: null };
  const found = await deps.accounts.sessions.find(id);
  const account = found ? await deps.accounts.accounts.byId(found.accountId) : null;
  if (found && account) return { session: { id, ...found }, account };
  clearSessionCookie(ctx); // ended or unknown: the browser stops sending it
  return { session: null, account: null };
}

/** Answers a failure as a page: the status and message the API would give, in HTML. */
function failurePage(ctx: Context, deps: SiteDeps, err: unknown): void {
  const apiError = toApiError(err, deps.errors, ctx.state.requestId as string);
  ctx.set(apiError.headers);
  const title = apiError.status >= 500 ? 'Something went wrong' : 'This request could not be answered';
  sendPage(
    ctx,
    apiError.status,
    errorPage(frameOf(ctx), { status: apiError.status, title, message: apiError.message }),
  );
}

/**
 * The site (sign-up, log-in, the dashboard) in the API process, on the same origin: pages rendered on the
 * server, sessions in Postgres, a CSRF check on every POST. Sessions never authenticate an API call and keys
 * never open a page: the two share no code path but the use cases.
 */
export function createSite(deps: SiteDeps): Middleware {
  const router = new Router();
  serveAssets(router);
  registerAccountPages(router, { accounts: deps.accounts, sessionMaxMs: deps.sessionMaxMs });
  registerDashboardPages(router, deps.accounts);
  registerFeaturePages(router, deps);
  const routes = router.routes() as unknown as Middleware;
  const methods = router.allowedMethods() as unknown as Middleware;
  return async (ctx: Context, next: Next) => {
    if (!SITE_PATH.test(ctx.path)) return next() as Promise<void>;
    // The style sheet, script and icon are the same for everyone, cached publicly: no visitor, no cookie, no query.
    if (ctx.path.startsWith('/assets/')) return routes(ctx, async () => {}) as Promise<void>;
    try {
      ctx.state.site = await loadVisitor(ctx, deps);
      if (ctx.method === 'POST') {
        await formBody(ctx, async () => {});
        // A form from a session that has ended since the page was shown: log in again rather than a refusal.
        const ended =
          SESSION_FORMS.test(ctx.path) && sessionIdOf(ctx) !== null && (ctx.state.site as SiteState).session === null;
        if (ended && fromOurOrigin(ctx)) return seeOther(ctx, '/login');
        if (!csrfValid(ctx, ctx.state.site as SiteState)) {
          const message = 'This form has expired or was sent from another site. Reload the page and try again.';
          return sendPage(ctx, 403, errorPage(frameOf(ctx), { status: 403, title: 'Form refused', message }));
        }
      }
      await routes(ctx, async () => {});
      if (ctx.body == null && ctx.status === 404) await methods(ctx, async () => {});
      if (ctx.body == null && ctx.status === 404) {
        const view = { status: 404, title: 'Page not found', message: `There is no page at ${ctx.path}.` };
        sendPage(ctx, 404, errorPage(frameOf(ctx), view));
      }
    } catch (err) {
      failurePage(ctx, deps, err);
    }
  };
}
