import type Router from '@koa/router';
import type { Context } from 'koa';

import type { KeyRow, KeysView, Notice, Overview } from '../../render/site';
import { accountPage, errorPage, homePage, keysPage, overviewPage } from '../../render/site';
import { type AccountDeps, changePassword, closeAccount, KEPT_ON_CLOSING, type Refusal } from '../../usecases/accounts';
import { createKey, usageOf } from '../../usecases/dashboard';
import type { AccountRecord, KeyRecord } from '../../usecases/ports/accounts';
import { errorNotice, field, frameOf, limitedNotice, loggedIn, okNotice, seeOther, sendPage } from './pageKit';
import { clearSessionCookie } from './siteSession';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function keyRow(key: KeyRecord): KeyRow {
  return {
    id: key.id,
    label: key.label,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
  };
}

async function overviewOf(deps: AccountDeps, account: AccountRecord): Promise<Overview> {
  const { plan, quota, monthStart, unverifiedAllowance, days } = await usageOf(deps.accounts, account);
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      credits: plan.credits,
      overageCap: plan.overageCap,
      overageUsd: plan.overageUsd,
      burstPerMinute: plan.burstPerMinute,
      batchMax: plan.batchMax,
    },
    used: quota.used,
    remaining: quota.remaining,
    overageUsed: quota.overageUsed,
    resetAt: quota.resetAt,
    monthStart: monthStart.toISOString(),
    unverifiedAllowance,
    days,
  };
}

async function renderKeys(
  ctx: Context,
  deps: AccountDeps,
  account: AccountRecord,
  status = 200,
  { created, notice }: Pick<KeysView, 'created'> & { notice?: Notice } = {},
) {
  const keys = (await deps.accounts.keys(account.id)).map(keyRow);
  sendPage(ctx, status, keysPage(frameOf(ctx, notice), { keys, ...(created ? { created } : {}) }));
}

function renderAccount(ctx: Context, account: AccountRecord, status = 200, notice?: Notice) {
  const view = {
    email: account.email,
    verified: account.verifiedAt !== null,
    createdAt: account.createdAt.toISOString(),
    keptOnDeletion: KEPT_ON_CLOSING,
  };
  sendPage(ctx, status, accountPage(frameOf(ctx, notice), view));
}

/** The account page again, saying why the form was refused. */
function refused(ctx: Context, account: AccountRecord, refusal: Refusal): void {
  if (refusal.outcome === 'limited')
    return renderAccount(ctx, account, 429, limitedNotice(ctx, refusal.retryAfterSeconds));
  renderAccount(ctx, account, 400, errorNotice(refusal.message));
}

/** The dashboard's overview, API keys and account pages. */
export function registerDashboardPages(router: Router, deps: AccountDeps): void {
  router.get('/dashboard', async (ctx) => {
    const me = loggedIn(ctx);
    if (me) sendPage(ctx, 200, overviewPage(frameOf(ctx), await overviewOf(deps, me.account)));
  });

  router.get('/dashboard/keys', async (ctx) => {
    const me = loggedIn(ctx);
    if (me) await renderKeys(ctx, deps, me.account);
  });
  router.post('/dashboard/keys', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    const created = await createKey(deps.accounts, me.account.id, field(ctx, 'label'));
    if (created.outcome === 'refused')
      return renderKeys(ctx, deps, me.account, 400, { notice: errorNotice(created.message) });
    await renderKeys(ctx, deps, me.account, 201, { created: { key: created.key, label: created.label } });
  });
  router.post('/dashboard/keys/:id/revoke', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    if (await deps.accounts.revokeKey(me.account.id, ctx.params.id)) return seeOther(ctx, '/dashboard/keys');
    const view = { status: 404, title: 'No such key', message: 'This account has no key with that id.' };
    sendPage(ctx, 404, errorPage(frameOf(ctx), view));
  });

  router.get('/dashboard/account', (ctx) => {
    const me = loggedIn(ctx);
    if (me) renderAccount(ctx, me.account);
  });
  router.post('/dashboard/account/password', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    const result = await changePassword(deps, {
      accountId: me.account.id,
      sessionId: me.session.id,
      current: field(ctx, 'current'),
      password: field(ctx, 'password'),
    });
    if (result.outcome === 'changed')
      return renderAccount(ctx, me.account, 200, okNotice('Your password is changed; your other sessions have ended.'));
    refused(ctx, me.account, result);
  });
  router.post('/dashboard/account/delete', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    const confirmed = field(ctx, 'confirm') === 'yes';
    const result = await closeAccount(deps, { accountId: me.account.id, password: field(ctx, 'password'), confirmed });
    if (result.outcome !== 'closed') return refused(ctx, me.account, result);
    clearSessionCookie(ctx);
    ctx.state.site = { session: null, account: null };
    sendPage(ctx, 200, homePage(frameOf(ctx, okNotice('Your account is closed and its keys are revoked.'))));
  });
}
