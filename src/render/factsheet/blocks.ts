import type { FundData } from '../../schema/fund';
import type { Formats } from './format';
import { escapeHtml, field, finiteNumber, presentText, type Row, rowsTable, section } from './html';
import type { FactsheetLabels } from './labels';

/** What every block is built from. */
export interface BlockContext {
  data: FundData;
  labels: FactsheetLabels;
  formats: Formats;
}

/** A preformatted payload string as the page shows it (escaped HTML), or null when absent. */
function given(context: BlockContext, value: unknown, maxLength = 80): string | null {
  const text = presentText(value, maxLength);
  return text === null ? null : escapeHtml(context.formats.given(text));
}

/** Plain text (escaped HTML), or null when absent. */
function plain(value: unknown, maxLength = 80): string | null {
  const text = presentText(value, maxLength);
  return text === null ? null : escapeHtml(text);
}

/** The first of several candidate values that is present. */
function firstPresent(...values: unknown[]): unknown {
  return values.find((value) => presentText(value) !== null) ?? null;
}

/** A date the payload gives as ISO text, in the page's language; other texts as given. */
function dateOrGiven(context: BlockContext, value: unknown): string | null {
  const text = presentText(value, 40);
  if (text === null) return null;
  return escapeHtml(context.formats.date(text) ?? context.formats.given(text));
}

/** The fund's benchmark name, unless the documents say it has none. */
export function benchmarkName(data: FundData): string | null {
  return presentText(data.benchmarkName, 120);
}

export function objectiveBlock({ data, labels }: BlockContext): string {
  // Cut long before the clamp: the CSS shows a few lines, the HTML need not carry 20,000 characters.
  const objective = presentText(data.investmentObjective, 1200);
  return section(
    'objective',
    labels.sections.objective,
    objective === null ? '' : `<p class="objective">${escapeHtml(objective)}</p>`,
  );
}

/** Values wrapped so the style sheet can clamp a long one to two lines. */
const clampable = (rows: Row[]): Row[] =>
  rows.map((row) => ({ ...row, value: row.value === null ? null : `<span>${row.value}</span>` }));

export function keyFactsBlock(context: BlockContext): string {
  const { data, labels, formats } = context;
  const facts = data.keyFacts ?? ({} as Partial<FundData['keyFacts']>);
  const holdingsCount = finiteNumber(facts.holdings);
  const rows: Row[] = [
    { label: labels.keyFacts.assetClass, value: plain(facts.assetClass) },
    { label: labels.keyFacts.category, value: plain(firstPresent(facts.subAsset, field(data.profile, 'category'))) },
    { label: labels.keyFacts.structure, value: plain(firstPresent(data.securityType, data.structure)) },
    { label: labels.keyFacts.currency, value: plain(facts.currency, 12) },
    {
      label: labels.keyFacts.fundSize,
      value: given(context, firstPresent(facts.aum, field(data.headlineMetrics, 'aum'))),
    },
    { label: labels.keyFacts.inception, value: dateOrGiven(context, facts.inception) },
    { label: labels.keyFacts.distribution, value: plain(facts.distribution) },
    {
      label: labels.keyFacts.holdingsCount,
      value: holdingsCount !== null ? escapeHtml(formats.number(holdingsCount, 0)) : given(context, facts.holdings, 20),
    },
    { label: labels.keyFacts.manager, value: plain(facts.manager) },
    { label: labels.keyFacts.benchmark, value: plain(benchmarkName(data)) },
  ];
  return section('key-facts', labels.sections.keyFacts, rowsTable(clampable(rows)));
}

/** The PRIIPs summary risk indicator: seven classes, the fund's marked. */
export function riskBlock({ data, labels }: BlockContext): string {
  const riskClass = finiteNumber(data.riskRating);
  if (riskClass === null || !Number.isInteger(riskClass) || riskClass < 1 || riskClass > 7) return '';
  const boxes = [1, 2, 3, 4, 5, 6, 7]
    .map((n) => (n === riskClass ? `<li class="on" aria-current="true">${n}</li>` : `<li>${n}</li>`))
    .join('');
  const content =
    `<ol class="sri" aria-label="${escapeHtml(labels.risk.classOf(riskClass))}">${boxes}</ol>` +
    `<div class="sri-scale"><span>← ${escapeHtml(labels.risk.lower)}</span><span>${escapeHtml(labels.risk.higher)} →</span></div>`;
  return section('risk', labels.sections.risk, content);
}

export function costsBlock(context: BlockContext): string {
  const { data, labels } = context;
  const costs = data.costs ?? ({} as Partial<FundData['costs']>);
  const rows: Row[] = [
    { label: labels.costs.entry, value: given(context, costs.entry) },
    { label: labels.costs.exit, value: given(context, costs.exit) },
    {
      label: labels.costs.ongoing,
      value: given(context, firstPresent(costs.ongoing, field(data.headlineMetrics, 'ter'))),
    },
    { label: labels.costs.transaction, value: given(context, costs.transaction) },
    { label: labels.costs.performanceFee, value: given(context, costs.performanceFee) },
    { label: labels.costs.riy1y, value: given(context, costs.riy1y) },
    { label: labels.costs.riyRhp, value: given(context, costs.riyRhp) },
    { label: labels.costs.recommendedHoldingPeriod, value: given(context, costs.recommendedHoldingPeriod) },
  ];
  return section('costs', labels.sections.costs, rowsTable(clampable(rows), 'facts wide-labels'));
}

export function sfdrBlock({ data, labels }: BlockContext): string {
  const article = data.sfdrArticle;
  if (article !== 6 && article !== 8 && article !== 9) return '';
  const content = `<p class="sfdr"><strong>${escapeHtml(labels.sfdr.article(article))}</strong>${escapeHtml(labels.sfdr.meaning[article])}</p>`;
  return section('sfdr', labels.sections.sfdr, content);
}

const MAX_METRIC_ROWS = 10;

export function riskMetricsBlock(context: BlockContext): string {
  const { data, labels } = context;
  const metric = (key: string) => field(data.metrics, key);
  const headline = (key: string) => field(data.headlineMetrics, key);
  const m = labels.metrics;
  const rows: Row[] = [
    { label: m.volatility3y, value: given(context, firstPresent(metric('volatility3y'), headline('volatility3y'))) },
    { label: m.sharpe3y, value: given(context, firstPresent(metric('sharpe3y'), headline('sharpe3y'))) },
    { label: m.maxDrawdown, value: given(context, metric('maxDrawdown')) },
    { label: m.peRatio, value: given(context, metric('peRatio')) },
    { label: m.incomeYield, value: given(context, metric('incomeYield')) },
    {
      label: m.yieldToMaturity,
      value: given(context, firstPresent(metric('yieldToMaturity'), headline('yieldToMaturity'))),
    },
    { label: m.modifiedDuration, value: given(context, headline('modifiedDuration')) },
    { label: m.effectiveDuration, value: given(context, metric('effectiveDuration')) },
    { label: m.effectiveMaturity, value: given(context, metric('effectiveMaturity')) },
    { label: m.averageRating, value: given(context, metric('averageRating')) },
    { label: m.sevenDayYield, value: given(context, metric('sevenDayYield')) },
    { label: m.wam, value: given(context, metric('wam')) },
    { label: m.wal, value: given(context, metric('wal')) },
    { label: m.equityCorrelation, value: given(context, metric('equityCorrelation')) },
    { label: m.equityBondSplit, value: given(context, metric('equityBondSplit')) },
  ];
  const present = rows.filter((row) => row.value !== null).slice(0, MAX_METRIC_ROWS);
  return section('metrics', labels.sections.riskMetrics, rowsTable(clampable(present), 'facts wide-labels'));
}

/** An enumerated profile value in the page's language; null when absent or unknown. */
function level<T extends string>(table: Readonly<Record<T, string>>, value: unknown): string | null {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(table, value)
    ? escapeHtml(table[value as T])
    : null;
}

export function profileBlock({ data, labels, formats }: BlockContext): string {
  const profile = data.profile;
  const p = labels.profile;
  const levels = labels.levels;
  const equityShare = finiteNumber(field(profile, 'equityShare'));
  // The category is already a key fact when the key facts name the same one.
  const category = presentText(field(profile, 'category'));
  const shownInKeyFacts =
    category !== null && category === presentText(firstPresent(data.keyFacts?.subAsset, category));
  const rows: Row[] = [
    { label: p.category, value: shownInKeyFacts ? null : plain(category) },
    { label: p.riskBand, value: level(levels.riskBand, field(profile, 'riskBand')) },
    { label: p.concentration, value: level(levels.concentration, field(profile, 'concentration')) },
    { label: p.regionFocus, value: plain(field(profile, 'regionFocus')) },
    { label: p.valuation, value: level(levels.valuation, field(profile, 'valuation')) },
    { label: p.creditQuality, value: level(levels.creditQuality, field(profile, 'creditQuality')) },
    { label: p.rateSensitivity, value: level(levels.rateSensitivity, field(profile, 'rateSensitivity')) },
    { label: p.equityShare, value: equityShare === null ? null : escapeHtml(formats.percent(equityShare, 1)) },
  ];
  return section('profile', labels.sections.profile, rowsTable(clampable(rows)));
}
