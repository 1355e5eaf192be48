import { escapeHtml } from '../../domain/html';
import { formatCount, formatDate } from './format';
import { dashboardDocument, tableWrap } from './layout';
import { monthOf, operationsOf, usageChart } from './usageChart';
import type { Overview, PageFrame, UsageDay } from './views';

/** The dashboard's first page: the plan, this month's credits, and the calls of the month per day and operation. */

function figure(label: string, value: string): string {
  return `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;
}

function figures(frame: PageFrame, view: Overview): string {
  const { plan } = view;
  const items = [
    figure('Plan', plan.name),
    figure(
      'Credits used this month',
      plan.credits === null
        ? `${formatCount(view.used)} (no monthly ceiling)`
        : `${formatCount(view.used)} of ${formatCount(plan.credits)}`,
    ),
    figure('Credits left', view.remaining === null ? 'no monthly ceiling' : formatCount(view.remaining)),
  ];
  if (plan.overageCap > 0) {
    items.push(
      figure('Overage used', `${formatCount(view.overageUsed)} of ${formatCount(plan.overageCap)} credits`),
      figure('Overage price', `$${plan.overageUsd} per credit`),
    );
  } else {
    items.push(figure('Overage', view.overageUsed > 0 ? formatCount(view.overageUsed) : 'not on this plan'));
  }
  items.push(
    figure('Requests per minute', formatCount(plan.burstPerMinute)),
    figure('Funds per batch', formatCount(plan.batchMax)),
    figure('Credits reset on', `${formatDate(view.resetAt)} (UTC)`),
  );
  if (frame.user !== null && !frame.user.verified) {
    items.push(figure('Until your address is verified', `${formatCount(view.unverifiedAllowance)} credits`));
  }
  return `<dl class="figures">${items.join('')}</dl>`;
}

/** The meter of the credits used (full past the monthly credits); none without a ceiling. */
function meter(view: Overview): string {
  if (view.plan.credits === null) return '';
  const max = Math.max(view.plan.credits, 1);
  const value = Math.min(view.used, max);
  const percent = Math.round((view.used / max) * 100);
  return (
    '<div class="meter">' +
    `<label for="credits-meter">Credits used this month: ${formatCount(view.used)} of ${formatCount(view.plan.credits)} (${percent}%)</label>` +
    `<meter id="credits-meter" min="0" max="${max}" low="${Math.round(max * 0.75)}" high="${Math.round(max * 0.9)}" optimum="0" value="${value}">${percent}%</meter>` +
    '</div>'
  );
}

interface Totals {
  calls: number;
  credits: number;
}

function totalsByOperation(days: readonly UsageDay[]): Map<string, Totals> {
  const totals = new Map<string, Totals>(operationsOf(days).map((operation) => [operation, { calls: 0, credits: 0 }]));
  for (const row of days) {
    const total = totals.get(row.operation);
    if (total) {
      total.calls += row.calls;
      total.credits += row.credits;
    }
  }
  return totals;
}

function operationsTable(days: readonly UsageDay[]): string {
  const totals = totalsByOperation(days);
  const rows = [...totals].map(
    ([operation, total]) =>
      `<tr><th scope="row"><code>${escapeHtml(operation)}</code></th>` +
      `<td class="num">${formatCount(total.calls)}</td><td class="num">${formatCount(total.credits)}</td></tr>`,
  );
  const sum = [...totals.values()].reduce((a, b) => ({ calls: a.calls + b.calls, credits: a.credits + b.credits }), {
    calls: 0,
    credits: 0,
  });
  return tableWrap(
    'Calls and credits per operation',
    '<table><caption>Calls and credits this month, per operation</caption>' +
      '<thead><tr><th scope="col">Operation</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Credits</th></tr></thead>' +
      `<tbody>${rows.join('')}</tbody>` +
      `<tfoot><tr><th scope="row">Total</th><td class="num">${formatCount(sum.calls)}</td><td class="num">${formatCount(sum.credits)}</td></tr></tfoot>` +
      '</table>',
  );
}

function daysTable(days: readonly UsageDay[]): string {
  const order = new Map(operationsOf(days).map((operation, i) => [operation, i]));
  const sorted = [...days].sort(
    (a, b) =>
      (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) || (order.get(a.operation) ?? 0) - (order.get(b.operation) ?? 0),
  );
  const rows = sorted.map(
    (row) =>
      `<tr><td>${escapeHtml(row.day)}</td><td><code>${escapeHtml(row.operation)}</code></td>` +
      `<td class="num">${formatCount(row.calls)}</td><td class="num">${formatCount(row.credits)}</td></tr>`,
  );
  return (
    '<details><summary>Calls per day and operation</summary>' +
    tableWrap(
      'Calls per day and operation',
      '<table><caption>Calls and credits per day (UTC) and operation</caption>' +
        '<thead><tr><th scope="col">Day</th><th scope="col">Operation</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Credits</th></tr></thead>' +
        `<tbody>${rows.join('')}</tbody></table>`,
    ) +
    '</details>'
  );
}

function usage(view: Overview): string {
  const month = monthOf(view.monthStart).name;
  if (view.days.length === 0) {
    return `<h2>Calls in ${escapeHtml(month)}</h2><p>No calls this month yet.</p>`;
  }
  const title = `Calls per day in ${month}, stacked by operation, and credits spent per day`;
  return (
    `<h2>Calls in ${escapeHtml(month)}</h2>` +
    '<figure class="chart">' +
    // On a phone the chart keeps a readable width and scrolls sideways (focusable, for the keyboard).
    `<div class="chart-scroll" tabindex="0" role="region" aria-label="${escapeHtml(`Chart: ${title}`)}">` +
    `${usageChart(view.days, view.monthStart, title)}</div>` +
    '<figcaption class="muted">Bars: calls per day (UTC) by operation; line: credits per day (right axis). ' +
    'The same figures are in the tables below.</figcaption></figure>' +
    operationsTable(view.days) +
    daysTable(view.days)
  );
}

export function overviewPage(frame: PageFrame, view: Overview): string {
  const body =
    '<h2>This month</h2>' +
    figures(frame, view) +
    meter(view) +
    usage(view) +
    '<p><a href="/dashboard/keys">Manage your API keys</a> · <a href="/docs">API reference</a></p>';
  return dashboardDocument(frame, { title: 'Overview', current: 'overview', body }, view.unverifiedAllowance);
}
