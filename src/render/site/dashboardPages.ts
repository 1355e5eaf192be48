import { escapeHtml } from '../../domain/html';
import { formatInstant, httpUrl, linkOrText, timeHtml } from './format';
import { copyButton, dashboardDocument, field, onceBox, pathWith, postForm, tableWrap } from './layout';
import type { AccountView, FactsheetRow, FactsheetsView, KeyRow, KeysView, PageFrame } from './views';

/** The dashboard's pages of keys, saved factsheets and the account. */

function keyName(label: string | null): string {
  return label === null || label.trim() === '' ? '(unnamed)' : label;
}

function keyRow(frame: PageFrame, key: KeyRow): string {
  const name = keyName(key.label);
  const status =
    key.revokedAt === null
      ? '<span class="status-active">active</span>'
      : `revoked on ${escapeHtml(formatInstant(key.revokedAt))}`;
  const action =
    key.revokedAt === null
      ? postForm(
          frame,
          pathWith('/dashboard/keys', key.id, '/revoke'),
          `<button type="submit" class="danger small" aria-label="${escapeHtml(`Revoke key ${name}`)}">Revoke</button>`,
          { confirm: `Revoke the key ${name}? Calls with it will fail at once.` },
        )
      : '<span class="muted">none</span>';
  return (
    `<tr><th scope="row">${escapeHtml(name)}</th><td><code>${escapeHtml(key.id)}</code></td>` +
    `<td>${timeHtml(key.createdAt)}</td><td>${key.lastUsedAt === null ? 'never' : timeHtml(key.lastUsedAt)}</td>` +
    `<td>${status}</td><td>${action}</td></tr>`
  );
}

export function keysPage(frame: PageFrame, view: KeysView): string {
  const created = view.created
    ? onceBox(
        'New key: shown once',
        'new-key',
        view.created.key,
        `<p>${escapeHtml(`Key name: ${keyName(view.created.label)}. Send it in the Authorization header: Bearer <key>.`)}</p>`,
      )
    : '';
  const table =
    view.keys.length === 0
      ? '<p>You have no API key yet: create one above.</p>'
      : tableWrap(
          'Your API keys',
          '<table class="mid"><caption>Your API keys</caption><thead><tr>' +
            '<th scope="col">Name</th><th scope="col">Id</th><th scope="col">Created</th>' +
            '<th scope="col">Last used</th><th scope="col">Status</th><th scope="col">Action</th>' +
            `</tr></thead><tbody>${view.keys.map((key) => keyRow(frame, key)).join('')}</tbody></table>`,
        );
  const body =
    created +
    '<h2>Create a key</h2>' +
    '<p>Give each application its own key, so you can revoke one without stopping the others.</p>' +
    postForm(
      frame,
      '/dashboard/keys',
      field({ id: 'key-label', name: 'label', label: 'Key name', attributes: 'maxlength="100"' }) +
        '<div class="actions"><button type="submit">Create key</button></div>',
      { className: 'stack' },
    ) +
    '<h2>Your keys</h2>' +
    table +
    '<p>A revoked key is refused at once: every call with it answers <code>401 revoked_api_key</code>.</p>';
  return dashboardDocument(frame, { title: 'API keys', current: 'keys', body });
}

/** The readonly field of one share link, with its copy button; ids from the row's position (never from data). */
function linkCopy(index: number, kind: string, kindLabel: string, url: string, fund: string): string {
  const id = `sheet-${index}-${kind}`;
  return (
    '<div class="link-copy">' +
    `<label for="${id}">${escapeHtml(kindLabel)}</label>` +
    `<input id="${id}" type="text" readonly value="${escapeHtml(url)}">` +
    copyButton(id, `Copy the ${kindLabel} link of ${fund}`) +
    '</div>'
  );
}

function sheetRow(frame: PageFrame, sheet: FactsheetRow, index: number): string {
  const fund = sheet.name === null || sheet.name.trim() === '' ? sheet.isin : `${sheet.name} (${sheet.isin})`;
  const star = sheet.favorite ? 'unstar' : 'star';
  const starForm = postForm(
    frame,
    pathWith('/dashboard/factsheets', sheet.id, '/action'),
    `<button type="submit" class="secondary small" name="action" value="${star}" aria-label="${escapeHtml(`${sheet.favorite ? 'Unstar' : 'Star'} ${fund}`)}">${sheet.favorite ? 'Unstar' : 'Star'}</button>`,
  );
  const deleteForm = postForm(
    frame,
    pathWith('/dashboard/factsheets', sheet.id, '/action'),
    `<button type="submit" class="danger small" name="action" value="delete" aria-label="${escapeHtml(`Delete the factsheet of ${fund}`)}">Delete</button>`,
    { confirm: `Delete the factsheet of ${fund}? Its share links stop working.` },
  );
  const newTab = ' target="_blank" rel="noopener noreferrer"';
  const open = httpUrl(sheet.links.html) === null ? '' : linkOrText(sheet.links.html, 'Open', newTab);
  const pdf = httpUrl(sheet.links.pdf) === null ? '' : linkOrText(sheet.links.pdf, 'PDF', newTab);
  const name =
    sheet.name === null || sheet.name.trim() === ''
      ? `<code>${escapeHtml(sheet.isin)}</code>`
      : `${escapeHtml(sheet.name)}<br><code>${escapeHtml(sheet.isin)}</code>`;
  return (
    '<tr>' +
    `<td>${sheet.favorite ? '<span aria-hidden="true">★</span> Starred' : '<span class="muted">Not starred</span>'}</td>` +
    `<th scope="row">${name}</th>` +
    `<td>${escapeHtml(sheet.language)}</td><td>${escapeHtml(sheet.format.toUpperCase())}</td>` +
    `<td>${sheet.dataAsOf === null ? '<span class="muted">not disclosed</span>' : escapeHtml(sheet.dataAsOf)}</td>` +
    `<td>${timeHtml(sheet.createdAt)}</td>` +
    `<td class="links-cell"><p>${[open, pdf].filter((link) => link !== '').join(' · ')}</p>` +
    linkCopy(index, 'html', 'HTML', sheet.links.html, fund) +
    linkCopy(index, 'pdf', 'PDF', sheet.links.pdf, fund) +
    linkCopy(index, 'embed', 'Embed', sheet.links.embed, fund) +
    '</td>' +
    `<td>${starForm}${deleteForm}</td>` +
    '</tr>'
  );
}

export function factsheetsPage(frame: PageFrame, view: FactsheetsView): string {
  const filter =
    '<form method="get" action="/dashboard/factsheets" class="filters" aria-label="Filter the factsheets">' +
    '<div class="check">' +
    `<input type="checkbox" id="favorites" name="favorites" value="1"${view.favoritesOnly ? ' checked' : ''}>` +
    '<label for="favorites">Starred only</label></div>' +
    '<button type="submit" class="secondary">Filter</button></form>';
  const list =
    view.sheets.length === 0
      ? view.favoritesOnly
        ? '<p>No starred factsheet. <a href="/dashboard/factsheets">Show them all</a>.</p>'
        : '<p>No saved factsheets yet: create one with POST /api/v1/factsheets, for example:</p>' +
          '<pre><code>curl -X POST -H "Authorization: Bearer YOUR_KEY" -H "Content-Type: application/json" ' +
          '-d &#39;{&quot;isin&quot;: &quot;IE00B4L5Y983&quot;, &quot;deliver&quot;: &quot;link&quot;}&#39; ' +
          'https://HOST/api/v1/factsheets</code></pre>'
      : tableWrap(
          'Your saved factsheets',
          '<table class="wide"><caption>Your saved factsheets</caption><thead><tr>' +
            '<th scope="col">Star</th><th scope="col">Fund</th><th scope="col">Language</th>' +
            '<th scope="col">Format</th><th scope="col">Data as of</th><th scope="col">Created</th>' +
            '<th scope="col">Links</th><th scope="col">Actions</th>' +
            `</tr></thead><tbody>${view.sheets.map((sheet, i) => sheetRow(frame, sheet, i)).join('')}</tbody></table>`,
        );
  const body =
    '<p>The factsheets you saved, with their keyless share links: anyone with a link can open the sheet, ' +
    'until you delete it.</p>' +
    filter +
    list;
  return dashboardDocument(frame, { title: 'Factsheets', current: 'factsheets', body });
}

export function accountPage(frame: PageFrame, view: AccountView): string {
  const verification = view.verified
    ? '<dd>verified</dd>'
    : '<dd>not verified ' +
      postForm(frame, '/verify/resend', '<button type="submit" class="secondary small">Send the link again</button>', {
        className: 'inline',
      }) +
      '</dd>';
  const body =
    '<dl class="figures">' +
    `<div><dt>E-mail address</dt><dd>${escapeHtml(view.email)}</dd></div>` +
    `<div><dt>Address</dt>${verification}</div>` +
    `<div><dt>Created</dt><dd>${timeHtml(view.createdAt)}</dd></div>` +
    '</dl>' +
    '<h2>Change the password</h2>' +
    '<p>Changing the password logs out every other session of the account (this one stays open).</p>' +
    postForm(
      frame,
      '/dashboard/account/password',
      field({
        id: 'current-password',
        name: 'current',
        label: 'Current password',
        type: 'password',
        attributes: 'autocomplete="current-password" required maxlength="200"',
      }) +
        field({
          id: 'new-password',
          name: 'password',
          label: 'New password',
          type: 'password',
          attributes: 'autocomplete="new-password" required minlength="10" maxlength="200"',
          help: 'At least 10 characters',
        }) +
        '<div class="actions"><button type="submit">Change password</button></div>',
      { className: 'stack', label: 'Change the password' },
    ) +
    '<section class="box" aria-labelledby="delete-heading">' +
    '<h2 id="delete-heading">Delete account</h2>' +
    '<p>Deleting the account closes it for good: its keys stop working at once and you are logged out.</p>' +
    `<p>${escapeHtml(view.keptOnDeletion)}</p>` +
    postForm(
      frame,
      '/dashboard/account/delete',
      field({
        id: 'delete-password',
        name: 'password',
        label: 'Your password, to confirm',
        type: 'password',
        attributes: 'autocomplete="current-password" required maxlength="200"',
      }) +
        '<div class="check"><input type="checkbox" id="delete-confirm" name="confirm" value="yes" required>' +
        '<label for="delete-confirm">I understand that my keys stop working at once</label></div>' +
        '<div class="actions"><button type="submit" class="danger">Delete my account</button></div>',
      {
        className: 'stack',
        label: 'Delete the account',
        confirm: 'Delete your account? Your keys stop working at once.',
      },
    ) +
    '</section>';
  return dashboardDocument(frame, { title: 'Account', current: 'account', body });
}
