import type Router from '@koa/router';
import type { Context } from 'koa';

import {
  checkMailPage,
  homePage,
  loginPage,
  logoutPage,
  resetPasswordPage,
  resetRequestPage,
  signedUpPage,
  signupPage,
  verifyPage,
} from '../../render/site';
import {
  type AccountDeps,
  logIn,
  requestReset,
  resendVerification,
  resetPassword,
  signUp,
  verifyAddress,
} from '../../usecases/accounts';
import {
  errorNotice,
  field,
  frameOf,
  limitedNotice,
  localNext,
  loggedIn,
  okNotice,
  seeOther,
  sendPage,
  siteState,
} from './pageKit';
import { clearSessionCookie, setSessionCookie } from './siteSession';

export interface AccountPageDeps {
  accounts: AccountDeps;
  /** How long a session lives at most (the cookie's Max-Age). */
  sessionMaxMs: number;
}

/** The form's e-mail as typed, for filling the field again (never longer than an address can be). */
const typedEmail = (ctx: Context) => {
  const value = field(ctx, 'email');
  return typeof value === 'string' ? value.slice(0, 254) : '';
};

/** Starts a session in this browser, ending the one it held: a new id at every log-in. */
async function startSession(ctx: Context, deps: AccountPageDeps, session: { id: string; csrf: string }) {
  const held = siteState(ctx).session;
  if (held) await deps.accounts.sessions.remove(held.id);
  setSessionCookie(ctx, session.id, deps.sessionMaxMs);
}

/** The pages before and around a session: home, sign-up, verification, log-in and out, password reset. */
export function registerAccountPages(router: Router, deps: AccountPageDeps): void {
  router.get('/', (ctx) => sendPage(ctx, 200, homePage(frameOf(ctx))));

  router.get('/signup', (ctx) => sendPage(ctx, 200, signupPage(frameOf(ctx), { email: '' })));
  router.post('/signup', async (ctx) => {
    const result = await signUp(deps.accounts, {
      email: field(ctx, 'email'),
      password: field(ctx, 'password'),
      ip: ctx.ip,
    });
    if (result.outcome === 'mailed') return sendPage(ctx, 200, checkMailPage(frameOf(ctx), { email: result.email }));
    const notice =
      result.outcome === 'limited' ? limitedNotice(ctx, result.retryAfterSeconds) : errorNotice(result.message);
    sendPage(
      ctx,
      result.outcome === 'limited' ? 429 : 400,
      signupPage(frameOf(ctx, notice), { email: typedEmail(ctx) }),
    );
  });

  // The link shows a button; the POST verifies (a mail scanner opening links uses nothing up).
  router.get('/verify', (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 100) : '';
    sendPage(ctx, 200, verifyPage(frameOf(ctx), { token }));
  });
  router.post('/verify', async (ctx) => {
    const token = field(ctx, 'token');
    const verified = await verifyAddress(deps.accounts, typeof token === 'string' ? token : '');
    if (!verified) return sendPage(ctx, 400, verifyPage(frameOf(ctx), null));
    await startSession(ctx, deps, verified.session);
    const account = await deps.accounts.accounts.byId(verified.accountId);
    ctx.state.site = { session: { ...verified.session, accountId: verified.accountId }, account };
    sendPage(ctx, 200, signedUpPage(frameOf(ctx), { email: verified.email, key: verified.key }));
  });
  router.post('/verify/resend', async (ctx) => {
    const me = loggedIn(ctx);
    if (!me) return;
    const result = await resendVerification(deps.accounts, me.account.id);
    const notice =
      result.outcome === 'limited'
        ? limitedNotice(ctx, result.retryAfterSeconds)
        : result.outcome === 'already'
          ? okNotice('Your address is already verified.')
          : result.outcome === 'invalid'
            ? errorNotice(result.message)
            : okNotice(`A new link is on its way to ${me.account.email}.`);
    sendPage(
      ctx,
      result.outcome === 'limited' ? 429 : 200,
      checkMailPage(frameOf(ctx, notice), { email: me.account.email }),
    );
  });

  router.get('/login', (ctx) => {
    const next = localNext(ctx.query.next);
    if (siteState(ctx).account) return seeOther(ctx, next);
    sendPage(ctx, 200, loginPage(frameOf(ctx), { email: '', next }));
  });
  router.post('/login', async (ctx) => {
    const result = await logIn(deps.accounts, {
      email: field(ctx, 'email'),
      password: field(ctx, 'password'),
      ip: ctx.ip,
    });
    if (result.outcome === 'in') {
      await startSession(ctx, deps, result.session);
      return seeOther(ctx, localNext(field(ctx, 'next')));
    }
    const limited = result.outcome === 'limited';
    const notice = limited ? limitedNotice(ctx, result.retryAfterSeconds) : errorNotice(result.message);
    const form = { email: typedEmail(ctx), next: localNext(field(ctx, 'next')) };
    sendPage(ctx, limited ? 429 : 401, loginPage(frameOf(ctx, notice), form));
  });

  router.get('/logout', (ctx) => {
    if (!siteState(ctx).session) return seeOther(ctx, '/');
    sendPage(ctx, 200, logoutPage(frameOf(ctx)));
  });
  router.post('/logout', async (ctx) => {
    const { session } = siteState(ctx);
    if (session) await deps.accounts.sessions.remove(session.id);
    clearSessionCookie(ctx);
    seeOther(ctx, '/');
  });

  router.get('/reset', (ctx) => sendPage(ctx, 200, resetRequestPage(frameOf(ctx), { email: '' }, false)));
  router.post('/reset', async (ctx) => {
    const result = await requestReset(deps.accounts, { email: field(ctx, 'email'), ip: ctx.ip });
    const form = { email: typedEmail(ctx) };
    if (result.outcome === 'mailed') return sendPage(ctx, 200, resetRequestPage(frameOf(ctx), form, true));
    const limited = result.outcome === 'limited';
    const notice = limited ? limitedNotice(ctx, result.retryAfterSeconds) : errorNotice(result.message);
    sendPage(ctx, limited ? 429 : 400, resetRequestPage(frameOf(ctx, notice), form, false));
  });

  router.get('/reset/password', (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token.slice(0, 100) : '';
    sendPage(ctx, 200, resetPasswordPage(frameOf(ctx), { token }));
  });
  router.post('/reset/password', async (ctx) => {
    const token = field(ctx, 'token');
    const result = await resetPassword(deps.accounts, { token, password: field(ctx, 'password') });
    if (result.outcome === 'reset') {
      const { session } = siteState(ctx);
      if (session) clearSessionCookie(ctx);
      ctx.state.site = { session: null, account: null };
      return sendPage(
        ctx,
        200,
        loginPage(frameOf(ctx, okNotice('Your password is changed. Log in with it.')), { email: '' }),
      );
    }
    const notice =
      result.outcome === 'expired'
        ? errorNotice('This link is not valid any more (used, expired or unknown). Ask for a new one.')
        : result.outcome === 'limited'
          ? limitedNotice(ctx, result.retryAfterSeconds)
          : errorNotice(result.message);
    const form = { token: typeof token === 'string' ? token.slice(0, 100) : '' };
    sendPage(ctx, 400, resetPasswordPage(frameOf(ctx, notice), form));
  });
}
