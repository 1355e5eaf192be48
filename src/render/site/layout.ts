import { escapeHtml } from '../../domain/html';
import { PLANS } from '../../domain/plans';
import type { DashboardSection, Notice, PageFrame, PlanGate } from './views';

/**
 * The frame every page of the site shares (head, header, navigation, footer) and the small pieces the
 * pages are built of. Every value is escaped here or by the caller; no inline script, style or handler.
 */

const SERVICE_NAME = 'Fund Data Service';

/** The public pages a visitor's navigation may mark as current. */
type PublicSection = 'home' | 'login' | 'signup';

interface PageSpec {
  /** The page's own part of the <title>, and its <h1> unless `heading` is given. */
  title: string;
  heading?: string;
  /** The navigation link marked aria-current="page". */
  current?: DashboardSection | PublicSection;
  /** The page's content after its <h1>, notice and banner (already escaped HTML). */
  body: string;
}

const DASHBOARD_NAV: readonly [DashboardSection, string, string][] = [
  ['overview', 'Overview', '/dashboard'],
  ['keys', 'API keys', '/dashboard/keys'],
  ['webhooks', 'Webhooks', '/dashboard/webhooks'],
  ['factsheets', 'Factsheets', '/dashboard/factsheets'],
  ['changes', 'Change feed', '/dashboard/changes'],
  ['account', 'Account', '/dashboard/account'],
];

const PUBLIC_NAV: readonly [PublicSection | 'docs', string, string][] = [
  ['login', 'Log in', '/login'],
  ['signup', 'Sign up', '/signup'],
  ['docs', 'API reference', '/docs'],
];

/** The whole HTML document of a page. */
export function renderDocument(frame: PageFrame, spec: PageSpec): string {
  const title = `${spec.title} · ${SERVICE_NAME}`;
  return (
    '<!doctype html>' +
    '<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title>` +
    '<link rel="stylesheet" href="/assets/site.css">' +
    '<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">' +
    '<script src="/assets/site.js" defer></script>' +
    '</head><body>' +
    '<a class="skip-link" href="#main">Skip to content</a>' +
    siteHeader(frame, spec.current) +
    '<main id="main" tabindex="-1"><div class="container">' +
    `<h1>${escapeHtml(spec.heading ?? spec.title)}</h1>` +
    (frame.notice ? noticeHtml(frame.notice) : '') +
    spec.body +
    '<div id="live" class="visually-hidden" aria-live="polite"></div>' +
    '</div></main>' +
    siteFooter() +
    '</body></html>'
  );
}

/**
 * A page of the dashboard: the document with, while the account's address is not verified, the banner
 * that says so first (`allowance`: the credits an unverified account may spend, when the page knows it).
 */
export function dashboardDocument(frame: PageFrame, spec: PageSpec, allowance?: number): string {
  return renderDocument(frame, { ...spec, body: unverifiedBanner(frame, allowance) + spec.body });
}

function siteHeader(frame: PageFrame, current: PageSpec['current']): string {
  const brand = `<a class="brand" href="/"${current === 'home' ? ' aria-current="page"' : ''}>${SERVICE_NAME}</a>`;
  if (frame.user === null) {
    return (
      '<header class="site-header"><div class="container header-inner">' +
      brand +
      navList('Site', PUBLIC_NAV, current) +
      '</div></header>'
    );
  }
  const plan = planName(frame.user.plan);
  return (
    '<header class="site-header"><div class="container header-inner">' +
    brand +
    navList('Dashboard', DASHBOARD_NAV, current) +
    '<div class="who">' +
    `<span class="who-email">${escapeHtml(frame.user.email)}</span>` +
    `<span class="who-plan">${escapeHtml(plan)} plan</span>` +
    postForm(frame, '/logout', '<button type="submit" class="secondary small">Log out</button>', {
      className: 'inline',
    }) +
    '</div></div></header>'
  );
}

function navList(label: string, links: readonly [string, string, string][], current: PageSpec['current']): string {
  const items = links.map(
    ([section, text, href]) =>
      `<li><a href="${href}"${section === current ? ' aria-current="page"' : ''}>${escapeHtml(text)}</a></li>`,
  );
  return `<nav aria-label="${escapeHtml(label)}"><ul class="nav">${items.join('')}</ul></nav>`;
}

function siteFooter(): string {
  return (
    '<footer class="site-footer"><div class="container">' +
    '<nav aria-label="Documentation"><ul class="nav">' +
    '<li><a href="/docs">API reference</a></li>' +
    '<li><a href="/docs/methodology">Methodology</a></li>' +
    '<li><a href="/api/v1/openapi.json">OpenAPI description</a></li>' +
    '</ul></nav>' +
    `<p class="muted">${SERVICE_NAME}: structured fund data from an ISIN.</p>` +
    '</div></footer>'
  );
}

/** A message: role="status" when it reports a success, role="alert" for an error. */
export function noticeHtml(notice: Notice): string {
  const role = notice.kind === 'error' ? 'alert' : 'status';
  return `<div class="notice ${notice.kind}" role="${role}"><p>${escapeHtml(notice.text)}</p></div>`;
}

/** The hidden CSRF field every POST form carries. */
function csrfField(frame: PageFrame): string {
  return `<input type="hidden" name="_csrf" value="${escapeHtml(frame.csrf)}">`;
}

interface FormOptions {
  /** A question the script asks before the form is sent (data-confirm). */
  confirm?: string;
  className?: string;
  /** An accessible name for the form, when several alike sit on a page. */
  label?: string;
}

/** A POST form to `action` (a path of ours, escaped here) with the CSRF field first. */
export function postForm(frame: PageFrame, action: string, content: string, options: FormOptions = {}): string {
  const attributes = [
    `method="post"`,
    `action="${escapeHtml(action)}"`,
    options.className ? `class="${escapeHtml(options.className)}"` : '',
    options.label ? `aria-label="${escapeHtml(options.label)}"` : '',
    options.confirm ? `data-confirm="${escapeHtml(options.confirm)}"` : '',
  ].filter((attribute) => attribute !== '');
  return `<form ${attributes.join(' ')}>${csrfField(frame)}${content}</form>`;
}

/** A path of ours with a value (an id) as one of its segments, percent-encoded. */
export function pathWith(prefix: string, id: string, suffix: string): string {
  return `${prefix}/${encodeURIComponent(id)}${suffix}`;
}

interface FieldSpec {
  id: string;
  name: string;
  label: string;
  type?: string;
  value?: string;
  /** Further attributes, already written (`required autocomplete="email"`). */
  attributes?: string;
  help?: string;
}

/** A labelled input, its help text tied to it by aria-describedby. */
export function field(spec: FieldSpec): string {
  const helpId = `${spec.id}-help`;
  const value = spec.value === undefined ? '' : ` value="${escapeHtml(spec.value)}"`;
  const described = spec.help ? ` aria-describedby="${escapeHtml(helpId)}"` : '';
  const extra = spec.attributes ? ` ${spec.attributes}` : '';
  return (
    '<div class="field">' +
    `<label for="${escapeHtml(spec.id)}">${escapeHtml(spec.label)}</label>` +
    `<input id="${escapeHtml(spec.id)}" name="${escapeHtml(spec.name)}" type="${escapeHtml(spec.type ?? 'text')}"${value}${described}${extra}>` +
    (spec.help ? `<p class="help" id="${escapeHtml(helpId)}">${escapeHtml(spec.help)}</p>` : '') +
    '</div>'
  );
}

/** A table in a wrapper that scrolls sideways on a small screen (focusable, so the keyboard can scroll it). */
export function tableWrap(label: string, table: string): string {
  return `<div class="table-wrap" tabindex="0" role="region" aria-label="${escapeHtml(label)}">${table}</div>`;
}

/** A copy button for the element (or input) `targetId`; the script copies its text. */
export function copyButton(targetId: string, label?: string): string {
  const aria = label === undefined ? '' : ` aria-label="${escapeHtml(label)}"`;
  return `<button type="button" class="copy" data-copy-target="${escapeHtml(targetId)}"${aria}>Copy</button>`;
}

/** A secret shown this once, in `<code id=...>` with a copy button. */
export function onceBox(heading: string, codeId: string, secret: string, extra: string): string {
  return (
    `<section class="once" aria-labelledby="${codeId}-heading">` +
    `<h2 id="${codeId}-heading">${escapeHtml(heading)}</h2>` +
    `<p class="secret"><code id="${codeId}">${escapeHtml(secret)}</code> ${copyButton(codeId)}</p>` +
    '<p><strong>It is shown once and will not be shown again:</strong> store it now, somewhere safe.</p>' +
    extra +
    '</section>'
  );
}

/** A plan's display name ("Scale"), or the id itself for an unknown one. */
function planName(plan: string): string {
  return (PLANS as Record<string, { name: string } | undefined>)[plan]?.name ?? plan;
}

/** In place of a feature's forms: the plan it needs, and the account's own. */
export function planGateBox(frame: PageFrame, feature: string, gate: PlanGate): string {
  const yours = frame.user ? `; your plan is ${planName(frame.user.plan)}` : '';
  return (
    '<section class="gate box" aria-labelledby="gate-heading">' +
    `<h2 id="gate-heading">Not on your plan</h2>` +
    `<p>${escapeHtml(`${feature} ${feature.endsWith('s') ? 'are' : 'is'} part of the ${planName(gate.requiredPlan)} plan and above${yours}.`)}</p>` +
    '<p><a href="/docs">Read about the plans and this feature in the API reference</a>.</p>' +
    '</section>'
  );
}

/**
 * The banner of a dashboard page while the account's address is not verified, with the form that sends
 * the link again; '' once verified.
 */
function unverifiedBanner(frame: PageFrame, allowance?: number): string {
  if (frame.user === null || frame.user.verified) return '';
  const limit =
    allowance === undefined ? 'the first few calls' : `the first ${allowance.toLocaleString('en-US')} credits`;
  return (
    '<section class="notice warn" aria-labelledby="unverified-heading">' +
    '<h2 id="unverified-heading">Your address is not verified</h2>' +
    `<p>${escapeHtml(`Until you follow the link we sent to ${frame.user.email}, your keys work for ${limit} only.`)}</p>` +
    postForm(frame, '/verify/resend', '<button type="submit" class="secondary">Send the link again</button>') +
    '</section>'
  );
}
