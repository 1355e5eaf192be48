import { escapeHtml } from '../../domain/html';
import { timeHtml } from './format';
import { dashboardDocument, noticeHtml, onceBox, pathWith, planGateBox, postForm, tableWrap } from './layout';
import type { DeliveryRow, PageFrame, WebhookRow, WebhooksView } from './views';

/** The webhooks page: the endpoints of the account, their last deliveries, and the form that adds one. */

function createdBox(view: WebhooksView): string {
  if (!view.created) return '';
  const endpoint = view.endpoints.find((row) => row.id === view.created?.id);
  const forUrl = endpoint ? `<p>${escapeHtml(`For the endpoint ${endpoint.url}.`)}</p>` : '';
  return onceBox(
    'Signing secret: shown once',
    'new-secret',
    view.created.secret,
    forUrl +
      '<p>Every delivery carries an <code>X-Service-Signature</code> header, <code>t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>: ' +
      'check that <code>v1</code> is the HMAC-SHA256, keyed with this secret, of <code>&lt;t&gt;.&lt;raw body&gt;</code> ' +
      '(the timestamp, a dot, then the request body exactly as received), and that <code>t</code> is recent.</p>',
  );
}

function testedNotice(view: WebhooksView): string {
  if (!view.tested) return '';
  const endpoint = view.endpoints.find((row) => row.id === view.tested?.id);
  const target = endpoint ? ` to ${endpoint.url}` : '';
  const { delivered, status } = view.tested;
  const text = delivered
    ? `The test event was delivered${target}: HTTP ${status ?? 'status unknown'}.`
    : `The test event was not delivered${target}: ${status === null ? 'no answer' : `HTTP ${status}`}.`;
  return noticeHtml({ kind: delivered ? 'ok' : 'error', text });
}

function createForm(frame: PageFrame, view: WebhooksView): string {
  const events = view.events.map(
    (event, i) =>
      `<div class="check"><input type="checkbox" id="event-${i}" name="events" value="${escapeHtml(event)}" checked>` +
      `<label for="event-${i}"><code>${escapeHtml(event)}</code></label></div>`,
  );
  return (
    '<h2>Add an endpoint</h2>' +
    postForm(
      frame,
      '/dashboard/webhooks',
      '<div class="field"><label for="webhook-url">URL of the endpoint</label>' +
        '<input id="webhook-url" name="url" type="url" required placeholder="https://..." maxlength="2000" aria-describedby="webhook-url-help">' +
        '<p class="help" id="webhook-url-help">An https address that answers POST requests.</p></div>' +
        `<fieldset><legend>Events</legend>${events.join('')}</fieldset>` +
        '<div class="field"><label for="webhook-isins">ISINs</label>' +
        '<textarea id="webhook-isins" name="isins" rows="3" aria-describedby="webhook-isins-help"></textarea>' +
        '<p class="help" id="webhook-isins-help">Separated by spaces, commas or new lines; leave empty for every fund.</p></div>' +
        '<div class="actions"><button type="submit">Add endpoint</button></div>',
      { className: 'stack', label: 'Add an endpoint' },
    )
  );
}

function deliveriesTable(endpoint: WebhookRow, index: number): string {
  if (endpoint.deliveries.length === 0) return '<p class="muted">No delivery to this endpoint yet.</p>';
  const rows = endpoint.deliveries.map(
    (delivery: DeliveryRow) =>
      `<tr><th scope="row"><code>${escapeHtml(delivery.eventId)}</code></th>` +
      `<td>${timeHtml(delivery.createdAt)}</td><td class="num">${delivery.attempts}</td>` +
      `<td>${delivery.status === null ? 'no answer' : escapeHtml(String(delivery.status))}</td>` +
      `<td>${delivery.delivered ? `yes${delivery.deliveredAt === null ? '' : `, ${timeHtml(delivery.deliveredAt)}`}` : 'no'}</td>` +
      `<td>${delivery.lastError === null ? '' : escapeHtml(delivery.lastError)}</td></tr>`,
  );
  const label = `Last deliveries to endpoint ${index + 1}`;
  return tableWrap(
    label,
    `<table class="wide"><caption>${escapeHtml(`Last deliveries to ${endpoint.url}`)}</caption><thead><tr>` +
      '<th scope="col">Event id</th><th scope="col">Created</th><th scope="col" class="num">Attempts</th>' +
      '<th scope="col">Last status</th><th scope="col">Delivered</th><th scope="col">Last error</th>' +
      `</tr></thead><tbody>${rows.join('')}</tbody></table>`,
  );
}

function actionForm(
  frame: PageFrame,
  endpoint: WebhookRow,
  action: string,
  text: string,
  aria: string,
  className: string,
  confirm?: string,
): string {
  return postForm(
    frame,
    pathWith('/dashboard/webhooks', endpoint.id, '/action'),
    `<button type="submit" class="${className}" name="action" value="${action}" aria-label="${escapeHtml(aria)}">${text}</button>`,
    { className: 'inline', confirm },
  );
}

function endpointSection(frame: PageFrame, endpoint: WebhookRow, index: number): string {
  const headingId = `endpoint-${index}`;
  const toggle = endpoint.active
    ? actionForm(frame, endpoint, 'disable', 'Disable', `Disable endpoint ${endpoint.url}`, 'secondary small')
    : actionForm(frame, endpoint, 'enable', 'Enable', `Enable endpoint ${endpoint.url}`, 'secondary small');
  const isins =
    endpoint.isins === null || endpoint.isins.length === 0
      ? 'every fund'
      : endpoint.isins.map((isin) => `<code>${escapeHtml(isin)}</code>`).join(', ');
  return (
    `<section class="endpoint" aria-labelledby="${headingId}">` +
    `<h3 id="${headingId}" class="url-heading"><code>${escapeHtml(endpoint.url)}</code></h3>` +
    '<dl class="props">' +
    `<dt>Events</dt><dd>${endpoint.events.map((event) => `<code>${escapeHtml(event)}</code>`).join(', ') || 'none'}</dd>` +
    `<dt>Funds</dt><dd>${isins}</dd>` +
    `<dt>State</dt><dd>${endpoint.active ? 'active' : 'disabled'}</dd>` +
    `<dt>Created</dt><dd>${timeHtml(endpoint.createdAt)}</dd>` +
    '</dl>' +
    '<div class="actions">' +
    actionForm(frame, endpoint, 'test', 'Send test event', `Send test event to ${endpoint.url}`, 'secondary small') +
    toggle +
    actionForm(
      frame,
      endpoint,
      'delete',
      'Delete',
      `Delete endpoint ${endpoint.url}`,
      'danger small',
      `Delete the endpoint ${endpoint.url}? It will receive no more events.`,
    ) +
    '</div>' +
    deliveriesTable(endpoint, index) +
    '</section>'
  );
}

export function webhooksPage(frame: PageFrame, view: WebhooksView): string {
  const spec = { title: 'Webhooks', current: 'webhooks' as const };
  if (view.gate) {
    return dashboardDocument(frame, { ...spec, body: planGateBox(frame, 'Webhooks', view.gate) });
  }
  const endpoints =
    view.endpoints.length === 0
      ? '<p>No endpoint yet: add one above.</p>'
      : view.endpoints.map((endpoint, i) => endpointSection(frame, endpoint, i)).join('');
  const body =
    testedNotice(view) +
    createdBox(view) +
    '<p>We POST each change of the funds you follow to your endpoints, as JSON, signed with the endpoint&#39;s secret.</p>' +
    createForm(frame, view) +
    '<h2>Your endpoints</h2>' +
    endpoints;
  return dashboardDocument(frame, { ...spec, body });
}
