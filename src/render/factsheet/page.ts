import type { FactsheetPageOptions, FactsheetSnapshot } from '../../domain/factsheet';
import { emptyFundData } from '../../domain/fundSkeleton';
import type { FundData } from '../../schema/fund';
import {
  type BlockContext,
  costsBlock,
  keyFactsBlock,
  objectiveBlock,
  profileBlock,
  riskBlock,
  riskMetricsBlock,
  sfdrBlock,
} from './blocks';
import {
  annualisedReturnsBlock,
  assetAllocationBlock,
  calendarReturnsBlock,
  geographyBlock,
  holdingsBlock,
  performanceBlock,
  sectorBlock,
} from './chartBlocks';
import { formatsFor } from './format';
import { escapeHtml, presentText } from './html';
import { LABELS } from './labels';
import { sourcesLine } from './provenance';
import { FACTSHEET_STYLESHEET } from './styles';

/** The whole HTML document of one sheet. */
export function renderPage(snapshot: FactsheetSnapshot, options: FactsheetPageOptions): string {
  const labels = LABELS[options.language];
  const data: FundData = isFundData(snapshot.data) ? snapshot.data : emptyFundData();
  const context: BlockContext = { data, labels, formats: formatsFor(options.language) };
  const isin = presentText(snapshot.isin, 24);
  const name = presentText(snapshot.name, 200);
  const title = [name ?? isin, labels.factsheet].filter((part) => part !== null).join(' – ');
  return (
    '<!DOCTYPE html>' +
    `<html lang="${options.language}" class="v-${options.variant}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${FACTSHEET_STYLESHEET}</style></head>` +
    `<body><div class="frame"><article class="sheet">` +
    header(context, isin, name, options) +
    body(context) +
    footer(context, options) +
    '</article></div></body></html>'
  );
}

/** A stored snapshot is trusted to be FundData, but one stored broken must still give a page. */
function isFundData(value: unknown): value is FundData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The PDF link's target: an absolute http(s) URL, or nothing (never a javascript: or relative one). */
function safePdfUrl(url: string | null): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function header(
  { data, labels, formats }: BlockContext,
  isin: string | null,
  name: string | null,
  options: FactsheetPageOptions,
): string {
  const kicker = [
    presentText(data.keyFacts?.assetClass, 60),
    presentText(data.keyFacts?.subAsset, 80) ?? presentText(data.profile?.category, 80),
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
  const ids: [string, string | null][] = [
    [labels.header.isin, isin],
    [labels.header.shareClass, presentText(data.shareClass, 40)],
    [labels.header.currency, presentText(data.keyFacts?.currency, 12)],
    [labels.header.manager, presentText(data.keyFacts?.manager, 80)],
  ];
  const idList = ids
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([label, value]) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('');
  const asOf = typeof data.dataAsOf === 'string' ? formats.date(data.dataAsOf) : null;
  const pdfUrl = options.variant === 'print' ? null : safePdfUrl(options.pdfUrl);
  const side =
    `<p class="doc-type">${escapeHtml(labels.factsheet)}</p>` +
    (asOf === null ? '' : `<p class="as-of">${escapeHtml(labels.dataAsOf)} <strong>${escapeHtml(asOf)}</strong></p>`) +
    (pdfUrl === null
      ? ''
      : `<a class="pdf" href="${escapeHtml(pdfUrl)}" target="_blank" rel="noopener" title="${escapeHtml(labels.pdfLinkTitle)}">${escapeHtml(labels.pdfLink)}</a>`);
  return (
    '<header class="band"><div class="identity">' +
    (kicker === '' ? '' : `<p class="kicker">${escapeHtml(kicker)}</p>`) +
    `<h1>${escapeHtml(name ?? isin ?? '')}</h1>` +
    (idList === '' ? '' : `<dl class="ids">${idList}</dl>`) +
    `</div><div class="band-side">${side}</div></header>`
  );
}

/** Two holding or allocation blocks side by side; '' when both are empty. */
function pair(left: string, right: string): string {
  return left === '' && right === '' ? '' : `<div class="pair">${left}${right}</div>`;
}

function body(context: BlockContext): string {
  // Left: what the fund is and costs; right: how it did and what it holds. Most important first: a
  // block that does not fit is dropped whole from the end of its column (see .col in styles.ts).
  const left = [objectiveBlock, keyFactsBlock, riskBlock, costsBlock, sfdrBlock, riskMetricsBlock, profileBlock]
    .map((block) => block(context))
    .join('');
  const right = [
    performanceBlock(context),
    calendarReturnsBlock(context),
    annualisedReturnsBlock(context),
    pair(holdingsBlock(context), sectorBlock(context)),
    pair(geographyBlock(context), assetAllocationBlock(context)),
  ].join('');
  if (left === '' && right === '')
    return `<main class="body"><p class="no-data">${escapeHtml(context.labels.noData)}</p></main>`;
  return `<main class="body"><div class="col col-left">${left}</div><div class="col col-right">${right}</div></main>`;
}

function footer({ data, labels, formats }: BlockContext, options: FactsheetPageOptions): string {
  const created = typeof options.createdAt === 'string' ? formats.dateTime(options.createdAt) : null;
  return (
    '<footer class="foot">' +
    sourcesLine(data.sources, labels, formats) +
    (created === null ? '' : `<p class="created">${escapeHtml(labels.createdOn(created))}</p>`) +
    `<p class="disclaimer">${escapeHtml(labels.disclaimer)}</p>` +
    '</footer>'
  );
}
