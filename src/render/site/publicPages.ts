import { escapeHtml } from '../../domain/html';
import { COSTS, PLAN_IDS, PLANS } from '../../domain/plans';
import { formatCount } from './format';
import { field, postForm, renderDocument } from './layout';
import type { CredentialsForm, ErrorView, PageFrame, ResetPasswordForm } from './views';

/** The pages a visitor sees: home, sign-up, log-in, verification and password reset, and the error page. */

const EXAMPLE_ISIN = 'IE00B4L5Y983';

/** A curl call of the fund endpoint; `key` is printed as given (a placeholder, or the key on its own page). */
function curlExample(key: string): string {
  return `<pre><code>curl -H "Authorization: Bearer ${escapeHtml(key)}" https://HOST/api/v1/funds/${EXAMPLE_ISIN}</code></pre>`;
}

const FEATURES = [
  'Key facts: issuer, share class, currency, fees, benchmark, launch date and more',
  'Holdings and exposures: top and full holdings, asset classes, sectors, countries, currencies',
  'Performance and risk: returns over periods and calendar years, volatility, drawdown, SRI',
  'PRIIPs costs and SFDR classification, from the documents the issuers publish',
  'Batch look-ups, search, portfolio look-through and overlap between funds',
  'A change feed and webhooks when a tracked figure changes, and bulk export',
  'Extraction from KID/KIID PDFs you upload',
  'Factsheets as HTML or PDF pages with keyless share links',
  'French SCPI (real-estate funds) with their own figures',
];

function plansTable(): string {
  const rows = PLAN_IDS.map((id) => {
    const plan = PLANS[id];
    const price =
      plan.priceUsd === null ? 'on request' : plan.priceUsd === 0 ? 'free' : `$${formatCount(plan.priceUsd)}`;
    const credits = plan.credits === null ? 'metered' : formatCount(plan.credits);
    return (
      `<tr><th scope="row">${escapeHtml(plan.name)}</th><td>${escapeHtml(price)}</td>` +
      `<td class="num">${escapeHtml(credits)}</td><td class="num">${formatCount(plan.burstPerMinute)}</td>` +
      `<td class="num">${formatCount(plan.batchMax)}</td></tr>`
    );
  });
  return (
    '<div class="table-wrap" tabindex="0" role="region" aria-label="Plans">' +
    '<table class="plans"><caption>The plans</caption><thead><tr>' +
    '<th scope="col">Plan</th><th scope="col">Price per month</th><th scope="col" class="num">Credits per month</th>' +
    '<th scope="col" class="num">Requests per minute</th><th scope="col" class="num">Funds per batch</th>' +
    `</tr></thead><tbody>${rows.join('')}</tbody></table></div>`
  );
}

function plansSentence(): string {
  const free = PLANS.free;
  const paid = PLAN_IDS.filter((id) => id !== 'free' && PLANS[id].credits !== null).map(
    (id) => `${PLANS[id].name} ${formatCount(PLANS[id].credits ?? 0)}`,
  );
  return (
    `Every account starts on the ${free.name} plan with ${formatCount(free.credits ?? 0)} credits a month; ` +
    `paid plans give more credits a month (${paid.join(', ')}), and ${PLANS.enterprise.name} is metered. ` +
    `A fund look-up costs ${COSTS.fund} credit, a PDF extraction ${COSTS.extract}.`
  );
}

export function homePage(frame: PageFrame): string {
  const actions =
    frame.user === null
      ? '<a class="button" href="/signup">Sign up: it is free</a>' +
        '<a class="button secondary" href="/login">Log in</a>' +
        '<a class="button secondary" href="/docs">Read the API reference</a>'
      : '<a class="button" href="/dashboard">Go to your dashboard</a>' +
        '<a class="button secondary" href="/docs">Read the API reference</a>';
  const body =
    '<p class="lead">Send an ISIN, get back a structured fund factsheet as JSON: key facts, holdings, exposures, ' +
    'performance, risk, PRIIPs costs and SFDR, gathered from the documents fund issuers publish.</p>' +
    `<div class="actions">${actions}</div>` +
    '<h2>What you get</h2>' +
    `<ul class="features">${FEATURES.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` +
    '<h2>Try it</h2>' +
    '<p>One call per fund, with your API key in the <code>Authorization</code> header ' +
    '(replace <code>YOUR_KEY</code> with a key from your dashboard and <code>HOST</code> with this site&#39;s address):</p>' +
    curlExample('YOUR_KEY') +
    '<h2>Plans</h2>' +
    `<p>${escapeHtml(plansSentence())}</p>` +
    plansTable() +
    '<p><a href="/docs">Every endpoint, its cost and its answers are in the API reference</a>.</p>';
  return renderDocument(frame, {
    title: 'Fund data from an ISIN',
    heading: 'Fund data from an ISIN',
    current: 'home',
    body,
  });
}

function emailField(form: CredentialsForm, autocomplete: string): string {
  return field({
    id: 'email',
    name: 'email',
    label: 'E-mail address',
    type: 'email',
    value: form.email,
    attributes: `autocomplete="${autocomplete}" required maxlength="254"`,
  });
}

function newPasswordField(label: string): string {
  return field({
    id: 'password',
    name: 'password',
    label,
    type: 'password',
    attributes: 'autocomplete="new-password" required minlength="10" maxlength="200"',
    help: 'At least 10 characters',
  });
}

export function signupPage(frame: PageFrame, form: CredentialsForm): string {
  const body =
    '<p>Create an account to get an API key at once, on the free plan.</p>' +
    postForm(
      frame,
      '/signup',
      emailField(form, 'email') +
        newPasswordField('Password') +
        '<div class="actions"><button type="submit">Create my account</button></div>',
      { className: 'stack' },
    ) +
    '<p>Already have an account? <a href="/login">Log in</a>.</p>';
  return renderDocument(frame, { title: 'Sign up', current: 'signup', body });
}

/** What the signed-up page says of the address: verified already (the key came with the link), or a link is on its way. */
function verification(frame: PageFrame, email: string): string {
  return frame.user?.verified
    ? `Your address ${email} is verified: the key works for your whole plan.`
    : `We sent a link to ${email} to verify the address. Until you follow it, the key works for the first few calls only.`;
}

export function signedUpPage(frame: PageFrame, created: { email: string; key: string }): string {
  const body =
    '<section class="once" aria-labelledby="new-key-heading">' +
    '<h2 id="new-key-heading">Your API key</h2>' +
    `<p class="secret"><code id="new-key">${escapeHtml(created.key)}</code> ` +
    '<button type="button" class="copy" data-copy-target="new-key">Copy</button></p>' +
    '<p><strong>This key is shown once and will not be shown again:</strong> copy it now and keep it somewhere safe. ' +
    'You can create other keys, and revoke this one, from your dashboard.</p>' +
    '</section>' +
    `<p>${escapeHtml(verification(frame, created.email))}</p>` +
    '<h2>Your first call</h2>' +
    '<p>Replace <code>HOST</code> with this site&#39;s address:</p>' +
    curlExample(created.key) +
    '<div class="actions"><a class="button" href="/dashboard">Go to your dashboard</a>' +
    '<a class="button secondary" href="/docs">Read the API reference</a></div>';
  return renderDocument(frame, { title: 'Your account is ready', body });
}

/** After sign-up, or after "Send the link again": a link is on its way to the address. */
export function checkMailPage(frame: PageFrame, sent: { email: string }): string {
  const resend =
    frame.user !== null && !frame.user.verified
      ? postForm(frame, '/verify/resend', '<button type="submit" class="secondary">Send the link again</button>')
      : '';
  const body =
    `<p>${escapeHtml(`We sent a message to ${sent.email}. Open it to go on: for a new account, its link verifies the address and shows your API key (once, within 48 hours).`)}</p>` +
    '<p>Nothing in your inbox after a few minutes? Look in the spam folder, and check the address is the right one.</p>' +
    resend +
    (frame.user === null
      ? '<p>Already verified? <a href="/login">Log in</a>.</p>'
      : '<p><a href="/dashboard">Go to your dashboard</a></p>');
  return renderDocument(frame, { title: 'Check your mail', body });
}

export function loginPage(frame: PageFrame, form: CredentialsForm): string {
  const body =
    postForm(
      frame,
      '/login',
      (form.next ? `<input type="hidden" name="next" value="${escapeHtml(form.next)}">` : '') +
        emailField(form, 'username') +
        field({
          id: 'password',
          name: 'password',
          label: 'Password',
          type: 'password',
          attributes: 'autocomplete="current-password" required maxlength="200"',
        }) +
        '<div class="actions"><button type="submit">Log in</button></div>',
      { className: 'stack' },
    ) +
    '<p><a href="/reset">Forgot your password?</a></p>' +
    '<p>No account yet? <a href="/signup">Sign up</a>.</p>';
  return renderDocument(frame, { title: 'Log in', current: 'login', body });
}

export function logoutPage(frame: PageFrame): string {
  const body =
    '<p>Log out of your account on this browser.</p>' +
    postForm(frame, '/logout', '<div class="actions"><button type="submit">Log out</button></div>');
  return renderDocument(frame, { title: 'Log out', body });
}

/**
 * The mailed link's page: a button that verifies (the link itself changes nothing, so a mail scanner that
 * opens links does not use it up, nor see the key); null: the link was used, expired or is not ours.
 */
export function verifyPage(frame: PageFrame, form: ResetPasswordForm | null): string {
  if (form === null) {
    const body =
      '<p>The link was already used, has expired, or is not one of ours.</p>' +
      '<p>To get a new one, <a href="/login">log in</a>, then choose <strong>Send the link again</strong> ' +
      'in the banner at the top of your dashboard.</p>';
    return renderDocument(frame, { title: 'This link is not valid any more', body });
  }
  const body =
    '<p>Verify your address to open your account and see your first API key.</p>' +
    postForm(
      frame,
      '/verify',
      `<input type="hidden" name="token" value="${escapeHtml(form.token)}">` +
        '<div class="actions"><button type="submit">Verify and show my API key</button></div>',
    );
  return renderDocument(frame, { title: 'Verify your address', body });
}

export function resetRequestPage(frame: PageFrame, form: CredentialsForm, sent: boolean): string {
  const body = sent
    ? '<div class="notice ok" role="status"><p>If an account uses this address, a link to choose a new password is on its way. ' +
      'It works once, for a short while.</p></div>' +
      '<p><a href="/login">Back to log in</a></p>'
    : '<p>Give the address of your account: we will send it a link to choose a new password.</p>' +
      postForm(
        frame,
        '/reset',
        emailField(form, 'email') + '<div class="actions"><button type="submit">Send me a link</button></div>',
        { className: 'stack' },
      ) +
      '<p><a href="/login">Back to log in</a></p>';
  return renderDocument(frame, { title: 'Forgot your password', heading: 'Forgot your password?', body });
}

export function resetPasswordPage(frame: PageFrame, form: ResetPasswordForm): string {
  const body =
    '<p>Choose the new password of your account. Your other sessions will be logged out.</p>' +
    postForm(
      frame,
      '/reset/password',
      `<input type="hidden" name="token" value="${escapeHtml(form.token)}">` +
        newPasswordField('New password') +
        '<div class="actions"><button type="submit">Save the new password</button></div>',
      { className: 'stack' },
    );
  return renderDocument(frame, { title: 'Choose a new password', body });
}

export function errorPage(frame: PageFrame, view: ErrorView): string {
  const body =
    `<p>${escapeHtml(view.message)}</p>` +
    '<div class="actions"><a class="button secondary" href="/">Home</a>' +
    '<a class="button secondary" href="/dashboard">Your dashboard</a></div>';
  return renderDocument(frame, {
    title: view.title,
    heading: `${view.status} ${view.title}`,
    body,
  });
}
