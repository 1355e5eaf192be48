import type { Formats } from './format';
import { escapeHtml, field, presentText, truncate } from './html';
import { type FactsheetLabels, SOURCE_TOPICS, type SourceTopic } from './labels';

/**
 * The footer's list of sources: the documents behind the figures (data.sources, one entry per filled
 * field), grouped by kind, date and file, each with the topics it supplied. Never the content hashes.
 */

/** Kinds in the order the extraction trusts them (sources/extract.ts); others follow, alphabetically. */
const KIND_ORDER = ['kid', 'kiid', 'ept', 'emt', 'factsheet', 'holdings', 'tpt', 'nav'];
const MAX_GROUPS = 8;

const TOPIC_OF_FIELD: Readonly<Record<string, SourceTopic>> = {
  name: 'name',
  investmentObjective: 'objective',
  keyFacts: 'keyFacts',
  securityType: 'keyFacts',
  structure: 'keyFacts',
  shareClass: 'keyFacts',
  managerTenure: 'keyFacts',
  benchmarkName: 'benchmark',
  riskRating: 'risk',
  costs: 'costs',
  sfdrArticle: 'sfdr',
  topHoldings: 'holdings',
  geography: 'allocation',
  region: 'allocation',
  sector: 'allocation',
  creditQuality: 'allocation',
  assetAllocation: 'allocation',
  instrument: 'allocation',
  maturity: 'allocation',
  strategy: 'allocation',
  exposure: 'allocation',
  indexedPerformance: 'performance',
  cumulativePerformance: 'performance',
  calendarReturns: 'performance',
  annualisedReturns: 'performance',
  dataAsOf: 'performance',
  metrics: 'metrics',
  headlineMetrics: 'metrics',
  profile: 'profile',
};

/** The topic a dotted field path belongs to; the headline fund size and TER are key facts and costs. */
function topicOf(path: string): SourceTopic | null {
  if (path === 'headlineMetrics.aum') return 'keyFacts';
  if (path === 'headlineMetrics.ter') return 'costs';
  return TOPIC_OF_FIELD[path.split('.')[0]] ?? null;
}

/**
 * The last segment of a document's origin ("library:X/kid.pdf", a URL...), without query; null if it is not a readable
 * name.
 */
export function fileNameOf(origin: string): string | null {
  const withoutQuery = origin.split(/[?#]/)[0];
  const last = withoutQuery
    .split(/[/\\:]/)
    .filter((part) => part !== '')
    .pop();
  if (last === undefined) return null;
  const decoded = safeDecode(last);
  // A content-addressed store names files by their hash: not a name to show.
  if (/[0-9a-f]{32,}/i.test(decoded)) return null;
  return presentText(decoded, 60);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface SourceGroup {
  kind: string;
  asOf: string | null;
  file: string | null;
  topics: Set<SourceTopic>;
}

function groupSources(sources: unknown): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  if (typeof sources !== 'object' || sources === null) return [];
  for (const [path, source] of Object.entries(sources as Record<string, unknown>)) {
    const kind = presentText(field(source, 'kind'), 30);
    // The footer lists the documents behind figures: a value derived by rule (the risk-class fallback) has
    // none, and a document left out because it could not be read is behind none.
    if (kind === null || field(source, 'method') === 'fallback' || field(source, 'skipped') !== undefined) continue;
    const asOf = presentText(field(source, 'asOf'), 40);
    const origin = field(source, 'origin');
    const file = typeof origin === 'string' ? fileNameOf(origin) : null;
    const key = JSON.stringify([kind.toLowerCase(), asOf, file]);
    const group = groups.get(key) ?? { kind: kind.toLowerCase(), asOf, file, topics: new Set<SourceTopic>() };
    const topic = topicOf(path);
    if (topic !== null) group.topics.add(topic);
    groups.set(key, group);
  }
  const rank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);
  return [...groups.values()].sort(
    (a, b) =>
      rank(a.kind) - rank(b.kind) ||
      a.kind.localeCompare(b.kind) ||
      (b.asOf ?? '').localeCompare(a.asOf ?? '') ||
      (a.file ?? '').localeCompare(b.file ?? ''),
  );
}

/** "KID of 16 Feb 2026 (kid.pdf): objective, risk indicator, costs" as escaped HTML, one per group. */
function describeGroup(group: SourceGroup, labels: FactsheetLabels, formats: Formats): string {
  const kind = labels.sourceKinds[group.kind] ?? truncate(group.kind, 30);
  const date = group.asOf === null ? null : (formats.date(group.asOf) ?? group.asOf);
  const title = date === null ? kind : labels.sourceDated(kind, date);
  const file = group.file === null ? '' : ` <span class="file">(${escapeHtml(group.file)})</span>`;
  const topics = SOURCE_TOPICS.filter((topic) => group.topics.has(topic)).map((topic) => labels.sourceTopics[topic]);
  return `${escapeHtml(title)}${file}${topics.length === 0 ? '' : `: ${escapeHtml(topics.join(', '))}`}`;
}

/** The footer's sources paragraph; '' when the payload names no source. */
export function sourcesLine(sources: unknown, labels: FactsheetLabels, formats: Formats): string {
  const groups = groupSources(sources).slice(0, MAX_GROUPS);
  if (groups.length === 0) return '';
  const described = groups.map((group) => describeGroup(group, labels, formats)).join(' · ');
  return `<div class="sources"><strong>${escapeHtml(labels.sections.sources)}</strong> ${described}</div>`;
}
