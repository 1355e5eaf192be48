import { benchmarkName, type BlockContext } from './blocks';
import { allocationChart, calendarReturnsChart, indexedPerformanceChart } from './charts';
import { escapeHtml, field, section } from './html';
import {
  allocationBars,
  annualisedReturns,
  calendarReturns,
  indexedPerformance,
  topHoldings,
  type Weight,
} from './select';

/** Blocks built around a chart or a list of figures: performance, returns, holdings, allocations. */

/** The name the index goes by on the page: its benchmark's name when known. */
function indexName({ data, labels }: BlockContext): string {
  return benchmarkName(data) ?? labels.series.index;
}

export function performanceBlock(context: BlockContext): string {
  const { data, labels, formats } = context;
  const lines = indexedPerformance(data.indexedPerformance);
  if (lines === null) return '';
  const since = formats.date(lines.since);
  const legend =
    `<div class="legend"><span class="key-fund">${escapeHtml(labels.series.fund)}</span>` +
    (lines.index ? `<span class="key-index">${escapeHtml(indexName(context))}</span>` : '') +
    '</div>';
  const content =
    (since === null ? '' : `<p class="subtitle">${escapeHtml(labels.indexedSince(since))}</p>`) +
    legend +
    `<div class="chart">${indexedPerformanceChart(lines, formats, labels.sections.performance)}</div>`;
  return section('performance', labels.sections.performance, content);
}

/** One row of a returns table: its series swatch and name, then a figure per column ("–" where there is none). */
function returnsRow(
  kind: 'fund' | 'index',
  name: string,
  figures: readonly (number | null)[],
  context: BlockContext,
): string {
  const cells = figures
    .map((figure) => `<td>${figure === null ? '–' : escapeHtml(context.formats.percent(figure, 1))}</td>`)
    .join('');
  return `<tr class="${kind}"><th scope="row">${escapeHtml(name)}</th>${cells}</tr>`;
}

/**
 * A returns table whose first column is as wide as the calendar chart's left margin, so figures sit under their bars.
 */
function returnsTable(
  headers: readonly string[] | null,
  fund: readonly (number | null)[],
  index: readonly (number | null)[] | null,
  context: BlockContext,
): string {
  const { labels } = context;
  const columns = `<colgroup><col class="label">${fund.map(() => '<col>').join('')}</colgroup>`;
  const head =
    headers === null
      ? ''
      : `<thead><tr><th scope="col"></th>${headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('')}</tr></thead>`;
  const rows =
    returnsRow('fund', labels.series.fund, fund, context) +
    (index ? returnsRow('index', labels.series.index, index, context) : '');
  return `<table class="returns">${columns}${head}<tbody>${rows}</tbody></table>`;
}

export function calendarReturnsBlock(context: BlockContext): string {
  const { data, labels, formats } = context;
  const returns = calendarReturns(data.calendarReturns);
  if (returns === null) return '';
  const content =
    `<div class="chart">${calendarReturnsChart(returns, formats, labels.sections.calendarReturns)}</div>` +
    // The years are the chart's axis labels, right above their figures.
    returnsTable(null, returns.fund, returns.index, context);
  return section('calendar', labels.sections.calendarReturns, content);
}

export function annualisedReturnsBlock(context: BlockContext): string {
  const { data, labels } = context;
  const returns = annualisedReturns(data.annualisedReturns);
  if (returns === null) return '';
  const headers = returns.periods.map((period) => labels.periods[period.label] ?? period.label);
  const table = returnsTable(
    headers,
    returns.periods.map((period) => period.fund),
    returns.hasIndex ? returns.periods.map((period) => period.index) : null,
    context,
  );
  return section('annualised', labels.sections.annualisedReturns, table);
}

export function holdingsBlock({ data, labels, formats }: BlockContext): string {
  const holdings = topHoldings(data.topHoldings);
  if (holdings.length === 0) return '';
  const rows = holdings
    .map(
      (holding) =>
        `<tr><td title="${escapeHtml(holding.label)}">${escapeHtml(holding.label)}</td><td>${escapeHtml(formats.percent(holding.weight, 2))}</td></tr>`,
    )
    .join('');
  const head = `<thead><tr><th scope="col">${escapeHtml(labels.holdings.name)}</th><th scope="col">${escapeHtml(labels.holdings.weight)}</th></tr></thead>`;
  return section('holdings', labels.sections.holdings, `<table class="holdings">${head}<tbody>${rows}</tbody></table>`);
}

type AllocationKind = 'sector' | 'geography' | 'asset-allocation';

function allocationBlock(
  kind: AllocationKind,
  title: string,
  weights: readonly Weight[],
  context: BlockContext,
): string {
  if (weights.length === 0) return '';
  return section(
    kind,
    title,
    `<div class="chart">${allocationChart(weights, context.formats, `fs-${kind}`, title)}</div>`,
  );
}

export function sectorBlock(context: BlockContext): string {
  const { data, labels } = context;
  return allocationBlock('sector', labels.sections.sector, allocationBars(data.sector, labels.other), context);
}

/** Countries; the coarser regions when the payload has no country breakdown. */
export function geographyBlock(context: BlockContext): string {
  const { data, labels } = context;
  const countries = allocationBars(data.geography, labels.other);
  const weights = countries.length > 0 ? countries : allocationBars(field(data, 'region'), labels.other);
  return allocationBlock('geography', labels.sections.geography, weights, context);
}

export function assetAllocationBlock(context: BlockContext): string {
  const { data, labels } = context;
  return allocationBlock(
    'asset-allocation',
    labels.sections.assetAllocation,
    allocationBars(data.assetAllocation, labels.other),
    context,
  );
}
