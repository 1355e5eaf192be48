import {
  accountPage,
  changesPage,
  type ChangesView,
  checkMailPage,
  errorPage,
  factsheetsPage,
  type FactsheetsView,
  homePage,
  keysPage,
  type KeysView,
  loginPage,
  logoutPage,
  type Overview,
  overviewPage,
  type PageFrame,
  resetPasswordPage,
  resetRequestPage,
  signedUpPage,
  signupPage,
  SITE_CSP,
  SITE_CSS,
  SITE_JS,
  verifyPage,
  webhooksPage,
  type WebhooksView,
} from './index';

const SCRIPT = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(1)>';
const HOSTILE = `${SCRIPT}${BREAKOUT}`;
const KEY = 'fds_live_0123456789abcdefSECRETKEY';
const SECRET = 'whsec_ABCDEF0123456789';
const TOKEN = 'reset-token-0123456789';
const CSRF = 'csrf-token-abc123';

const visitor: PageFrame = { user: null, csrf: CSRF };
const member: PageFrame = {
  user: { email: `me+${HOSTILE}@example.com`, plan: 'free', verified: false },
  csrf: CSRF,
  notice: { kind: 'error', text: `Refused: ${HOSTILE}` },
};
const verifiedMember: PageFrame = {
  user: { email: 'pro@example.com', plan: 'pro', verified: true },
  csrf: CSRF,
  notice: { kind: 'ok', text: 'Saved.' },
};

const overview: Overview = {
  plan: {
    id: 'pro',
    name: 'Pro',
    credits: 9000,
    overageCap: 9000,
    overageUsd: 0.008,
    burstPerMinute: 300,
    batchMax: 50,
  },
  used: 1234,
  remaining: 7766,
  overageUsed: 0,
  resetAt: '2025-12-01T00:00:00.000Z',
  monthStart: '2025-11-01T00:00:00.000Z',
  unverifiedAllowance: 20,
  days: [
    { day: '2025-11-01', operation: 'GET /funds/:isin', calls: 120, credits: 120 },
    { day: '2025-11-03', operation: 'POST /funds', calls: 40, credits: 200 },
    { day: '2025-11-03', operation: 'GET /funds/:isin', calls: 10, credits: 10 },
    { day: '2025-11-29', operation: HOSTILE, calls: 5, credits: 5 },
  ],
};

const keys: KeysView = {
  keys: [
    { id: 'k1', label: HOSTILE, createdAt: '2025-11-01T10:00:00Z', lastUsedAt: null, revokedAt: null },
    { id: 'k2', label: null, createdAt: '2025-10-01T10:00:00Z', lastUsedAt: '2025-11-02T08:30:00Z', revokedAt: null },
    {
      id: 'k3',
      label: 'old',
      createdAt: '2025-09-01T10:00:00Z',
      lastUsedAt: null,
      revokedAt: '2025-10-15T12:00:00Z',
    },
  ],
  created: { key: KEY, label: 'ci' },
};

const webhooks: WebhooksView = {
  gate: null,
  events: ['fund.changed', 'fund.refreshed'],
  created: { id: 'w1', secret: SECRET },
  tested: { id: 'w1', delivered: false, status: null },
  endpoints: [
    {
      id: 'w1',
      url: `https://hooks.example.com/in?x=${HOSTILE}`,
      events: ['fund.changed'],
      isins: ['IE00B4L5Y983', HOSTILE],
      active: true,
      createdAt: '2025-11-01T00:00:00Z',
      deliveries: [
        {
          eventId: `evt_${HOSTILE}`,
          status: 500,
          attempts: 3,
          delivered: false,
          lastError: HOSTILE,
          createdAt: '2025-11-02T00:00:00Z',
          deliveredAt: null,
        },
        {
          eventId: 'evt_2',
          status: 200,
          attempts: 1,
          delivered: true,
          lastError: null,
          createdAt: '2025-11-03T00:00:00Z',
          deliveredAt: '2025-11-03T00:00:01Z',
        },
      ],
    },
    {
      id: 'w2',
      url: 'javascript:alert(1)',
      events: ['fund.changed', 'fund.refreshed'],
      isins: null,
      active: false,
      createdAt: '2025-11-01T00:00:00Z',
      deliveries: [],
    },
  ],
};

const factsheets: FactsheetsView = {
  favoritesOnly: false,
  sheets: [
    {
      id: 'f1',
      isin: 'IE00B4L5Y983',
      name: HOSTILE,
      language: 'en',
      format: 'html',
      favorite: true,
      createdAt: '2025-11-01T00:00:00Z',
      dataAsOf: '2025-10-31',
      links: {
        html: 'https://api.example.com/api/v1/shared/abc',
        pdf: 'https://api.example.com/api/v1/shared/abc.pdf',
        embed: 'https://api.example.com/api/v1/shared/abc/embed',
      },
    },
    {
      id: 'f2',
      isin: 'LU0000000001',
      name: null,
      language: 'fr',
      format: 'pdf',
      favorite: false,
      createdAt: '2025-11-02T00:00:00Z',
      dataAsOf: null,
      links: { html: 'javascript:alert(1)', pdf: `javascript:alert(2)${BREAKOUT}`, embed: 'data:text/html,x' },
    },
  ],
};

const changes: ChangesView = {
  gate: null,
  filter: { isin: 'IE00B4L5Y983', event: 'fund.changed' },
  events: ['fund.changed', 'fund.refreshed'],
  since: '2025-11-01T00:00:00.000000Z',
  nextSince: '2025-11-05T10:00:00.123456Z',
  changes: [
    {
      id: 1,
      isin: 'IE00B4L5Y983',
      name: HOSTILE,
      event: 'fund.changed',
      field: 'keyFacts.ongoingCharges',
      old: '0.07',
      new: HOSTILE,
      dataAsOf: '2025-10-31',
      changedAt: '2025-11-02T12:34:56.000001Z',
    },
  ],
};

/** Every page, rendered with rich views and hostile values. */
function allPages(): [string, string][] {
  return [
    ['home (visitor)', homePage(visitor)],
    ['home (member)', homePage(member)],
    ['signup', signupPage(visitor, { email: HOSTILE })],
    ['signed up', signedUpPage(member, { email: HOSTILE, key: KEY })],
    ['check mail (visitor)', checkMailPage(visitor, { email: HOSTILE })],
    ['check mail (member)', checkMailPage(member, { email: HOSTILE })],
    ['login', loginPage(visitor, { email: HOSTILE })],
    ['logout', logoutPage(member)],
    ['verify', verifyPage(visitor, { token: 'tok"<x>' })],
    ['link not valid', verifyPage(visitor, null)],
    ['reset request', resetRequestPage(visitor, { email: HOSTILE }, false)],
    ['reset sent', resetRequestPage(visitor, { email: HOSTILE }, true)],
    ['reset password', resetPasswordPage(visitor, { token: TOKEN })],
    ['overview', overviewPage(member, overview)],
    ['overview (empty)', overviewPage(verifiedMember, { ...overview, days: [] })],
    ['keys', keysPage(member, keys)],
    ['webhooks', webhooksPage(member, webhooks)],
    ['webhooks (gate)', webhooksPage(member, { ...webhooks, gate: { requiredPlan: 'scale' } })],
    ['factsheets', factsheetsPage(member, factsheets)],
    ['factsheets (empty)', factsheetsPage(verifiedMember, { sheets: [], favoritesOnly: false })],
    ['changes', changesPage(member, changes)],
    ['changes (gate)', changesPage(member, { ...changes, gate: { requiredPlan: 'pro' } })],
    ['changes (empty)', changesPage(verifiedMember, { ...changes, changes: [], nextSince: null })],
    [
      'account',
      accountPage(member, {
        email: HOSTILE,
        verified: false,
        createdAt: '2025-01-01T00:00:00Z',
        keptOnDeletion: `Invoices are kept ten years. ${HOSTILE}`,
      }),
    ],
    ['error', errorPage(member, { status: 404, title: 'Not found', message: HOSTILE })],
  ];
}

/** The start tags of a document, with their quoted attribute values emptied (escaped text may read "onerror="). */
function tagsWithoutValues(html: string): string[] {
  return (html.match(/<[a-zA-Z][^>]*>/g) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""'));
}

function attributeValues(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((match) => match[1]);
}

function postForms(html: string): string[] {
  return [...html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)].map((match) => match[1]);
}

const pages = allPages();

describe('every page', () => {
  it.each(pages)('%s is a full document with the shared head, landmarks and one h1', (_name, html) => {
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>[^<]+ · Fund Data Service<\/title>/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css">');
    expect(html).toContain('<script src="/assets/site.js" defer></script>');
    expect(html).toMatch(/<body><a class="skip-link" href="#main">Skip to content<\/a><header/);
    expect(html).toContain('<main id="main"');
    expect(html).toMatch(/<nav aria-label="[^"]+">/);
    expect(html).toContain('<footer');
    expect(html).toContain('href="/docs/methodology"');
    expect(html).toContain('href="/api/v1/openapi.json"');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html.endsWith('</html>')).toBe(true);
  });

  it.each(pages)('%s has no inline script, style or event handler', (_name, html) => {
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(match[1]).toContain(' src="/assets/site.js"');
      expect(match[2]).toBe('');
    }
    expect(html.match(/<script\b/g)).toHaveLength(1);
    expect(html).not.toMatch(/<style\b/i);
    for (const tag of tagsWithoutValues(html)) {
      expect(tag).not.toMatch(/\sstyle=/i);
      expect(tag).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it.each(pages)('%s carries the CSRF token in every POST form', (_name, html) => {
    const forms = postForms(html);
    expect(forms).toHaveLength((html.match(/<form\b[^>]*method="post"/g) ?? []).length);
    for (const content of forms) {
      expect(content).toContain(`<input type="hidden" name="_csrf" value="${CSRF}">`);
      expect(content).not.toContain('<form');
    }
    for (const tag of html.match(/<form\b[^>]*>/g) ?? []) expect(tag).toMatch(/method="(post|get)"/);
  });

  it.each(pages)('%s prints hostile values escaped and links only to safe URLs', (_name, html) => {
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain(BREAKOUT);
    expect(html).not.toMatch(/<img\b/);
    expect(html).not.toMatch(/javascript:alert\(1\)<\/a>/);
    for (const href of attributeValues(html, 'href')) expect(href).toMatch(/^(\/|#|https?:\/\/)/);
    for (const action of attributeValues(html, 'action')) expect(action).toMatch(/^\/[a-z/0-9%-]*$/i);
  });

  it.each(pages)('%s never puts a key, secret or token in a URL', (_name, html) => {
    for (const url of [...attributeValues(html, 'href'), ...attributeValues(html, 'action')]) {
      for (const secret of [KEY, SECRET, TOKEN]) expect(url).not.toContain(secret);
    }
  });

  it('the CSP, the style sheet and the script are the ones the pages rely on', () => {
    expect(SITE_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(SITE_CSS).toContain(':focus-visible');
    expect(SITE_CSS).toContain('.notice.ok');
    expect(SITE_CSS).toContain('.visually-hidden');
    expect(SITE_CSS).toMatch(/@media \(max-width: 700px\)/);
    expect(SITE_JS).toContain('navigator.clipboard.writeText');
    expect(SITE_JS).toContain('form[data-confirm]');
    expect(SITE_JS).not.toMatch(/\beval\(|new Function|innerHTML/);
  });
});

describe('the header and the banner', () => {
  it('shows the dashboard navigation, the account and a log-out form to a member', () => {
    const html = keysPage(verifiedMember, { keys: [] });
    expect(html).toContain('<a href="/dashboard/keys" aria-current="page">API keys</a>');
    expect(html).toContain('pro@example.com');
    expect(html).toContain('Pro plan');
    expect(html).toMatch(/<form method="post" action="\/logout"[^>]*>[\s\S]*?Log out<\/button><\/form>/);
    expect(html).not.toContain('Your address is not verified');
    expect(html).toContain('role="status"');
  });

  it('shows log in, sign up and the docs to a visitor', () => {
    const html = loginPage(visitor, { email: '' });
    expect(html).toContain('<a href="/login" aria-current="page">Log in</a>');
    expect(html).toContain('<a href="/signup">Sign up</a>');
    expect(html).toContain('<a href="/docs">API reference</a>');
    expect(html).not.toContain('/dashboard/keys');
  });

  it('warns an unverified account on every dashboard page, with the allowance on the overview', () => {
    const dashboard = [
      overviewPage(member, overview),
      keysPage(member, keys),
      webhooksPage(member, webhooks),
      factsheetsPage(member, factsheets),
      changesPage(member, changes),
    ];
    for (const html of dashboard) {
      expect(html).toContain('Your address is not verified');
      expect(html).toMatch(/<form method="post" action="\/verify\/resend"[^>]*>[\s\S]*?Send the link again/);
    }
    expect(dashboard[0]).toContain('the first 20 credits');
    expect(dashboard[1]).toContain('the first few calls');
    expect(dashboard[1]).toContain('role="alert"');
  });
});

describe('the pages', () => {
  it('signup and login forms post the fields the server reads', () => {
    const signup = signupPage(visitor, { email: 'a@b.example' });
    expect(signup).toContain('<form method="post" action="/signup"');
    expect(signup).toMatch(
      /<input id="email" name="email" type="email" value="a@b\.example" autocomplete="email" required/,
    );
    expect(signup).toMatch(/name="password" type="password"[^>]*autocomplete="new-password" required minlength="10"/);
    expect(signup).toContain('At least 10 characters');
    const login = loginPage(visitor, { email: '' });
    expect(login).toContain('<form method="post" action="/login"');
    expect(login).toContain('autocomplete="username"');
    expect(login).toContain('autocomplete="current-password"');
    expect(login).toContain('<a href="/reset">Forgot your password?</a>');
  });

  it('the signed-up page shows the key once, with a copy button', () => {
    const html = signedUpPage(visitor, { email: 'new@example.com', key: KEY });
    expect(html).toContain(`<code id="new-key">${KEY}</code>`);
    expect(html).toContain('<button type="button" class="copy" data-copy-target="new-key">Copy</button>');
    expect(html).toContain('will not be shown again');
    expect(html).toContain(`Authorization: Bearer ${KEY}`);
    expect(html).toContain('href="/dashboard"');
  });

  it('the signed-up page says whether the address is verified yet', () => {
    expect(signedUpPage(verifiedMember, { email: 'pro@example.com', key: KEY })).toContain(
      'Your address pro@example.com is verified',
    );
    expect(signedUpPage(visitor, { email: 'new@example.com', key: KEY })).toContain(
      'We sent a link to new@example.com to verify the address',
    );
  });

  it('the check-mail page names the address, with the resend form for an unverified account only', () => {
    const html = checkMailPage(visitor, { email: 'new@example.com' });
    expect(html).toContain('<h1>Check your mail</h1>');
    expect(html).toContain('We sent a message to new@example.com.');
    expect(html).not.toContain('/verify/resend');
    expect(checkMailPage(member, { email: 'x@example.com' })).toMatch(
      /<form method="post" action="\/verify\/resend"[^>]*>[\s\S]*?Send the link again/,
    );
  });

  it('the home page shows a curl example with a placeholder and the plans', () => {
    const html = homePage(visitor);
    expect(html).toContain(
      '<pre><code>curl -H "Authorization: Bearer YOUR_KEY" https://HOST/api/v1/funds/IE00B4L5Y983</code></pre>',
    );
    expect(html).toContain('<th scope="row">Free</th>');
    expect(html).toContain('metered');
    expect(html).toContain('href="/signup"');
    expect(homePage(verifiedMember)).toContain('<a class="button" href="/dashboard">');
  });

  it('the reset pages never say whether an address is registered, and keep the token out of the URL', () => {
    expect(resetRequestPage(visitor, { email: 'x@example.com' }, true)).toContain(
      'If an account uses this address, a link to choose a new password is on its way',
    );
    const html = resetPasswordPage(visitor, { token: TOKEN });
    expect(html).toContain('<form method="post" action="/reset/password"');
    expect(html).toContain(`<input type="hidden" name="token" value="${TOKEN}">`);
  });

  it('the overview shows the credits with a meter, and no chart without calls', () => {
    const html = overviewPage(member, overview);
    expect(html).toContain('1,234 of 9,000');
    expect(html).toContain('7,766');
    expect(html).toMatch(/<label for="credits-meter">[^<]+<\/label><meter id="credits-meter"/);
    expect(html).toContain('2025-12-01 (UTC)');
    expect(html).toContain('<svg class="chart-svg" role="img" aria-label=');
    expect(html).toContain('<details><summary>');
    const empty = overviewPage(member, { ...overview, days: [] });
    expect(empty).toContain('No calls this month yet.');
    expect(empty).not.toContain('<svg');
    const enterprise = overviewPage(member, {
      ...overview,
      plan: { ...overview.plan, credits: null, overageCap: 0 },
      remaining: null,
    });
    expect(enterprise).toContain('no monthly ceiling');
    expect(enterprise).not.toContain('<meter');
  });

  it('the keys page revokes active keys only, each with a confirmation and a named button', () => {
    const html = keysPage(member, keys);
    expect(html).toContain('<form method="post" action="/dashboard/keys"');
    expect(html).toContain('name="label" type="text" maxlength="100"');
    expect(html).toMatch(/<form method="post" action="\/dashboard\/keys\/k1\/revoke"[^>]*data-confirm="/);
    expect(html).toContain('action="/dashboard/keys/k2/revoke"');
    expect(html).not.toContain('action="/dashboard/keys/k3/revoke"');
    expect(html).toContain('aria-label="Revoke key (unnamed)"');
    expect(html).toContain('revoked on 2025-10-15 12:00 UTC');
    expect(html).toContain('never');
    expect(html).toContain('401 revoked_api_key');
  });

  it('the webhooks page shows the secret once, the test outcome and one set of actions per endpoint', () => {
    const html = webhooksPage(member, webhooks);
    expect(html).toContain(`<code id="new-secret">${SECRET}</code>`);
    expect(html).toContain('X-Service-Signature');
    expect(html).toContain('not delivered');
    expect(html).toContain('no answer');
    expect(html).toContain('name="url" type="url" required placeholder="https://..."');
    expect(html.match(/name="events" value="[^"]+" checked>/g)).toHaveLength(2);
    expect(html).toContain('name="isins"');
    expect(html).toContain('action="/dashboard/webhooks/w1/action"');
    expect(html).toContain('value="disable"');
    expect(html).toContain('value="enable"');
    expect(html.match(/name="action" value="test"/g)).toHaveLength(2);
    expect(html.match(/name="action" value="delete"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Send test event to javascript:alert(1)"');
    expect(html).toContain('every fund');
    expect(html).not.toContain('href="javascript');
  });

  it('a gate box replaces the forms of a feature the plan lacks', () => {
    const hooks = webhooksPage(member, { ...webhooks, gate: { requiredPlan: 'scale' } });
    expect(hooks).toContain('Webhooks are part of the Scale plan and above; your plan is Free.');
    expect(hooks).not.toContain('action="/dashboard/webhooks');
    expect(hooks).not.toContain(SECRET);
    const feed = changesPage(member, { ...changes, gate: { requiredPlan: 'pro' } });
    expect(feed).toContain('The change feed is part of the Pro plan and above; your plan is Free.');
    expect(feed).not.toContain('name="isin"');
    expect(feed).not.toContain('<table');
  });

  it('the factsheets page links http(s) share links only and names every copy field', () => {
    const html = factsheetsPage(member, factsheets);
    expect(html).toContain('<form method="get" action="/dashboard/factsheets"');
    expect(html).toContain('name="favorites" value="1"');
    expect(html).toContain(
      '<a href="https://api.example.com/api/v1/shared/abc" target="_blank" rel="noopener noreferrer">Open</a>',
    );
    expect(html).toContain('value="javascript:alert(1)"');
    expect(html).not.toMatch(/href="(javascript|data):/);
    for (const id of ['sheet-0-html', 'sheet-0-pdf', 'sheet-0-embed', 'sheet-1-html']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`<input id="${id}" type="text" readonly`);
      expect(html).toContain(`data-copy-target="${id}"`);
    }
    expect(html).toContain('name="action" value="unstar"');
    expect(html).toContain('name="action" value="star"');
    expect(html.match(/name="action" value="delete"/g)).toHaveLength(2);
    expect(factsheetsPage(member, { sheets: [], favoritesOnly: false })).toContain(
      'No saved factsheets yet: create one with POST /api/v1/factsheets',
    );
  });

  it('the change feed keeps its filter in the pagination link, encoded', () => {
    const html = changesPage(member, changes);
    expect(html).toContain(
      'href="/dashboard/changes?since=2025-11-05T10%3A00%3A00.123456Z&amp;isin=IE00B4L5Y983&amp;event=fund.changed"',
    );
    expect(html).toContain('<a href="/dashboard/changes?isin=IE00B4L5Y983&amp;event=fund.changed">First page</a>');
    expect(html).toContain('<option value="fund.changed" selected>fund.changed</option>');
    expect(html).toContain('<option value="">Any event</option>');
    const hostile = changesPage(member, { ...changes, filter: { isin: '"&x=<y>', event: '' } });
    expect(hostile).toContain('isin=%22%26x%3D%3Cy%3E"');
    expect(changesPage(member, { ...changes, changes: [], nextSince: null })).toContain('No changes in this period.');
    expect(changesPage(member, { ...changes, nextSince: null })).not.toContain('Next page');
  });

  it('the account page changes the password and deletes the account behind a required confirmation', () => {
    const html = accountPage(verifiedMember, {
      email: 'pro@example.com',
      verified: true,
      createdAt: '2025-01-01T00:00:00Z',
      keptOnDeletion: 'Invoices are kept.',
    });
    expect(html).toContain('action="/dashboard/account/password"');
    expect(html).toContain('name="current" type="password"');
    expect(html).toMatch(/<form method="post" action="\/dashboard\/account\/delete"[^>]*data-confirm="/);
    expect(html).toContain('name="confirm" value="yes" required');
    expect(html).toContain('Invoices are kept.');
    expect(html).not.toContain('/verify/resend');
  });

  it('the error page titles itself with the status', () => {
    const html = errorPage(visitor, { status: 404, title: 'Not found', message: 'No such page.' });
    expect(html).toContain('<h1>404 Not found</h1>');
    expect(html).toContain('<title>Not found · Fund Data Service</title>');
  });
});
