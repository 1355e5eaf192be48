import { escapeHtml } from '../../domain/html';
import { formatInstant, timeHtml } from './format';
import { dashboardDocument, planGateBox, tableWrap } from './layout';
import type { ChangeRow, ChangesView, PageFrame } from './views';

/** The change feed page: the changes of the funds, filtered by ISIN and event, a page at a time. */

function filterForm(view: ChangesView): string {
  const options = ['', ...view.events].map((event) => {
    const selected = event === view.filter.event ? ' selected' : '';
    const text = event === '' ? 'Any event' : event;
    return `<option value="${escapeHtml(event)}"${selected}>${escapeHtml(text)}</option>`;
  });
  return (
    '<form method="get" action="/dashboard/changes" class="filters" aria-label="Filter the changes">' +
    '<div class="field"><label for="filter-isin">ISIN</label>' +
    `<input id="filter-isin" name="isin" type="text" maxlength="12" autocomplete="off" spellcheck="false" value="${escapeHtml(view.filter.isin)}" aria-describedby="filter-isin-help">` +
    '<p class="help" id="filter-isin-help">Optional: one fund.</p></div>' +
    '<div class="field"><label for="filter-event">Event</label>' +
    `<select id="filter-event" name="event">${options.join('')}</select></div>` +
    '<div class="field"><button type="submit" class="secondary">Filter</button></div>' +
    '</form>'
  );
}

function changeRow(change: ChangeRow): string {
  return (
    `<tr><td>${timeHtml(change.changedAt)}</td><th scope="row"><code>${escapeHtml(change.isin)}</code></th>` +
    `<td>${change.name === null ? '<span class="muted">unknown</span>' : escapeHtml(change.name)}</td>` +
    `<td><code>${escapeHtml(change.event)}</code></td><td><code>${escapeHtml(change.field)}</code></td>` +
    `<td>${escapeHtml(change.old)} <span aria-hidden="true">→</span><span class="visually-hidden">changed to</span> ${escapeHtml(change.new)}</td>` +
    `<td>${escapeHtml(change.dataAsOf)}</td></tr>`
  );
}

/** A link to a page of the feed with the filter kept; every value percent-encoded, then escaped. */
function pageHref(view: ChangesView, since: string | null): string {
  const query = [
    ...(since === null ? [] : [`since=${encodeURIComponent(since)}`]),
    ...(view.filter.isin === '' ? [] : [`isin=${encodeURIComponent(view.filter.isin)}`]),
    ...(view.filter.event === '' ? [] : [`event=${encodeURIComponent(view.filter.event)}`]),
  ];
  return escapeHtml(`/dashboard/changes${query.length === 0 ? '' : `?${query.join('&')}`}`);
}

function pagination(view: ChangesView): string {
  const links = [`<a href="${pageHref(view, null)}">First page</a>`];
  if (view.nextSince !== null) links.push(`<a href="${pageHref(view, view.nextSince)}" rel="next">Next page</a>`);
  return `<nav aria-label="Pages of the change feed" class="pagination"><ul class="nav">${links
    .map((link) => `<li>${link}</li>`)
    .join('')}</ul></nav>`;
}

export function changesPage(frame: PageFrame, view: ChangesView): string {
  const spec = { title: 'Change feed', current: 'changes' as const };
  if (view.gate) {
    return dashboardDocument(frame, { ...spec, body: planGateBox(frame, 'The change feed', view.gate) });
  }
  const table =
    view.changes.length === 0
      ? '<p>No changes in this period.</p>'
      : tableWrap(
          'Changes',
          `<table class="wide"><caption>${escapeHtml(`Changes published after ${formatInstant(view.since)}`)}</caption><thead><tr>` +
            '<th scope="col">Changed at</th><th scope="col">ISIN</th><th scope="col">Name</th>' +
            '<th scope="col">Event</th><th scope="col">Field</th><th scope="col">Old → new</th>' +
            '<th scope="col">Data as of</th>' +
            `</tr></thead><tbody>${view.changes.map(changeRow).join('')}</tbody></table>`,
        );
  const body =
    '<p>Every change of a tracked figure of a fund, oldest first; the same feed as <code>GET /api/v1/changes</code> ' +
    'and the webhooks.</p>' +
    filterForm(view) +
    table +
    pagination(view);
  return dashboardDocument(frame, { ...spec, body });
}
