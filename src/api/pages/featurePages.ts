import type Router from '@koa/router';
import type { Context } from 'koa';

import { planAtLeast, type PlanId } from '../../domain/plans';
import type { ChangesView, Notice, WebhooksView } from '../../render/site';
import { changesPage, errorPage, factsheetsPage, webhooksPage } from '../../render/site';
import { CHANGE_EVENTS, type ChangeEvent } from '../../schema/changes';
import { isinFromRequest } from '../../schema/isin';
import { WebhookCreateRequest } from '../../schema/webhooks';
import { feedStart, readChanges } from '../../usecases/changeFeed';
import { linksOf, listFactsheets } from '../../usecases/factsheets';
import type { AccountRecord, AttemptWindows } from '../../usecases/ports/accounts';
import type { ChangeFeed } from '../../usecases/ports/changes';
import type { FactsheetStore } from '../../usecases/ports/factsheets';
import type { DeliveryRecord } from '../../usecases/ports/webhooks';
import { actOnWebhook, createWebhook, type WebhookDeps } from '../../usecases/webhooks';
import { errorNotice, field, fieldList, frameOf, limitedNotice, loggedIn, seeOther, sendPage } from './pageKit';

export interface FeaturePageDeps {
  webhooks: WebhookDeps;
  /** Test deliveries from the dashboard are counted per account: each is a POST to somebody's server. */
  windows: AttemptWindows;
  sheets: FactsheetStore;
  shareUrl: (token: string, kind: 'html' | 'pdf' | 'embed') => string;
  feed: ChangeFeed;
}

/** Webhooks and the change feed are scale and enterprise features, as in the API. */
const FEED_PLAN: PlanId = 'scale';
const DELIVERIES_SHOWN = 5;
const CHANGES_PER_PAGE = 50;
const TESTS_PER_MINUTE = 10;

const gateOf = (account: AccountRecord) => (planAtLeast(account.plan, FEED_PLAN) ? null : { requiredPlan: FEED_PLAN });

function notFound(ctx: Context, what: string): void {
  sendPage(
    ctx,
    404,
    errorPage(frameOf(ctx), {
      status: 404,
      title: `No such ${what}`,
      message: `This account has no ${what} with that id.`,
    }),
  );
}

async function renderWebhooks(
  ctx: Context,
  deps: FeaturePageDeps,
  account: AccountRecord,
  status = 200,
  extra: Partial<Pick<WebhooksView, 'created' | 'tested'>> & { notice?: Notice } = {},
): Promise<void> {
  const gate = gateOf(account);
  const { notice, ...shown } = extra;
  const endpoints = gate ? [] : await deps.webhooks.store.list(account.id);
  const deliveries = gate
    ? new Map<string, DeliveryRecord[]>()
    : await deps.webhooks.store.deliveries(account.id, DELIVERIES_SHOWN);
  const view: WebhooksView = {
    gate,
    events: CHANGE_EVENTS,
    ...shown,
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      events: e.events,
      isins: e.isins,
      active: e.active,
      createdAt: e.createdAt.toISOString(),
      deliveries: (deliveries.get(e.id) ?? []).map((d) => ({
        eventId: d.eventId,
        status: d.lastStatus,
        attempts: d.attempts,
        delivered: d.deliveredAt !== null,
        lastError: d.lastError,
        createdAt: d.createdAt.toISOString(),
        deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
      })),
    })),
  };
  sendPage(ctx, gate ? 403 : status, webhooksPage(frameOf(ctx, notice), view));
}

/** The form's ISINs: separated by spaces, commas, semicolons or new lines; none means every fund. */
function isinList(raw: unknown): string[] | null {
  const list = typeof raw === 'string' ? raw.split(/[\s,;]+/).filter(Boolean) : [];
  return list.length > 0 ? list : null;
}

function registerWebhookPages(router: Router, deps: FeaturePageDeps): void {
  router.get('/dashboard/webhooks', async (ctx) => {
    const me = loggedIn(ctx);
    if (me) await renderWebhooks(ctx, deps, me.account);
  });
  router.post('/dashboard/webhooks', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    if (gateOf(me.account)) return renderWebhooks(ctx, deps, me.account);
    const parsed = WebhookCreateRequest.safeParse({
      url: field(ctx, 'url'),
      events: fieldList(ctx, 'events'),
      isins: isinList(field(ctx, 'isins')),
    });
    if (!parsed.success) {
      const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; ');
      return renderWebhooks(ctx, deps, me.account, 400, { notice: errorNotice(message) });
    }
    const created = await createWebhook(deps.webhooks, me.account.id, {
      ...parsed.data,
      isins: parsed.data.isins ?? null,
    });
    if (created.outcome === 'refused')
      return renderWebhooks(ctx, deps, me.account, 400, { notice: errorNotice(created.message) });
    await renderWebhooks(ctx, deps, me.account, 201, { created: { id: created.endpoint.id, secret: created.secret } });
  });
  router.post('/dashboard/webhooks/:id/action', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    if (gateOf(me.account)) return renderWebhooks(ctx, deps, me.account);
    const action = field(ctx, 'action');
    const { id } = ctx.params;
    if (action === 'delete') {
      if (!(await deps.webhooks.store.remove(me.account.id, id))) return notFound(ctx, 'webhook endpoint');
      return seeOther(ctx, '/dashboard/webhooks');
    }
    if (action !== 'test' && action !== 'enable' && action !== 'disable')
      return renderWebhooks(ctx, deps, me.account, 400, { notice: errorNotice('Unknown action') });
    if (action === 'test' && (await deps.windows.take(`webhook-test:${me.account.id}`, 60)) > TESTS_PER_MINUTE)
      return renderWebhooks(ctx, deps, me.account, 429, { notice: limitedNotice(ctx, 60) });
    const result = await actOnWebhook(deps.webhooks, me.account.id, id, action);
    if (!result) return notFound(ctx, 'webhook endpoint');
    if (action !== 'test') return seeOther(ctx, '/dashboard/webhooks');
    await renderWebhooks(ctx, deps, me.account, 200, {
      tested: { id, delivered: result.delivered, status: result.status },
    });
  });
}

function registerFactsheetPages(router: Router, deps: FeaturePageDeps): void {
  router.get('/dashboard/factsheets', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    const favoritesOnly = ctx.query.favorites === '1';
    const sheets = await listFactsheets(deps, me.account.id, { issuer: null, favoritesOnly, limit: 200 });
    const rows = sheets.map((s) => {
      const { html, pdf, embed } = linksOf(deps, s);
      return {
        id: s.id,
        isin: s.isin,
        name: s.name,
        language: s.language,
        format: s.format,
        favorite: s.favorite,
        createdAt: s.createdAt.toISOString(),
        dataAsOf: s.dataAsOf,
        links: { html, pdf, embed },
      };
    });
    sendPage(ctx, 200, factsheetsPage(frameOf(ctx), { sheets: rows, favoritesOnly }));
  });
  router.post('/dashboard/factsheets/:id/action', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    const action = field(ctx, 'action');
    const { id } = ctx.params;
    // Sheet ids are UUIDs: anything else names no sheet (and would only make Postgres complain).
    const wellFormed = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
    const done = !wellFormed
      ? false
      : action === 'delete'
        ? await deps.sheets.remove(me.account.id, id)
        : action === 'star' || action === 'unstar'
          ? (await deps.sheets.setFavorite(me.account.id, id, action === 'star')) !== null
          : null;
    if (done === null)
      return sendPage(
        ctx,
        400,
        errorPage(frameOf(ctx), { status: 400, title: 'Unknown action', message: 'Star, unstar or delete.' }),
      );
    if (!done) return notFound(ctx, 'factsheet');
    seeOther(ctx, '/dashboard/factsheets');
  });
}

/** The filter as given, and what it means; a message when a value is not one the feed knows. */
function changeFilter(ctx: Context): {
  isin: string | null;
  event: ChangeEvent | null;
  sinceUs: number | null;
  problem: string | null;
  given: { isin: string; event: string };
} {
  const rawIsin = typeof ctx.query.isin === 'string' ? ctx.query.isin.trim().slice(0, 24) : '';
  const rawEvent = typeof ctx.query.event === 'string' ? ctx.query.event.slice(0, 24) : '';
  const isin = rawIsin ? isinFromRequest(rawIsin) : null;
  const event = (CHANGE_EVENTS as readonly string[]).includes(rawEvent) ? (rawEvent as ChangeEvent) : null;
  const since = typeof ctx.query.since === 'string' ? ctx.query.since : undefined;
  const sinceUs = feedStart(since, new Date());
  const problem =
    rawIsin && !isin
      ? `"${rawIsin}" is not a valid ISIN`
      : rawEvent && !event
        ? 'Choose an event from the list'
        : sinceUs === null
          ? 'The page link is not valid; start again from the first page'
          : null;
  return { isin, event, sinceUs, problem, given: { isin: rawIsin, event: rawEvent } };
}

function registerChangePages(router: Router, deps: FeaturePageDeps): void {
  router.get('/dashboard/changes', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    const filter = changeFilter(ctx);
    const base: ChangesView = {
      gate: gateOf(me.account),
      filter: filter.given,
      events: CHANGE_EVENTS,
      changes: [],
      since: new Date(Date.now() - 7 * 86400_000).toISOString(),
      nextSince: null,
    };
    if (base.gate) return sendPage(ctx, 403, changesPage(frameOf(ctx), base));
    if (filter.problem || filter.sinceUs === null)
      return sendPage(ctx, 400, changesPage(frameOf(ctx, errorNotice(filter.problem ?? '')), base));
    const page = await readChanges(deps.feed, {
      sinceUs: filter.sinceUs,
      isins: filter.isin ? [filter.isin] : null,
      event: filter.event,
      limit: CHANGES_PER_PAGE,
    });
    const view = { ...base, changes: page.changes, since: page.since, nextSince: page.hasMore ? page.nextSince : null };
    sendPage(ctx, 200, changesPage(frameOf(ctx), view));
  });
}

/** The dashboard's pages over the API's features: webhooks, saved factsheets, the change feed. */
export function registerFeaturePages(router: Router, deps: FeaturePageDeps): void {
  registerWebhookPages(router, deps);
  registerFactsheetPages(router, deps);
  registerChangePages(router, deps);
}
