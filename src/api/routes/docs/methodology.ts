import { methodology } from '../../../usecases/methodology';

const {
  analytics: { ANCHOR_TOLERANCE_DAYS, DAYS_PER_YEAR, INCEPTION_TOLERANCE_DAYS, RISK_WINDOW_MONTHS },
  fallbackRiskRating: FALLBACK_RISK_RATING,
  rules: PROFILE_RULES,
  rulesVersion: PROFILE_RULES_VERSION,
  lookThrough: LOOK_THROUGH,
  scpi: SCPI_DEFINITIONS,
  documentAuthority: DOCUMENT_AUTHORITY,
} = methodology();

/** Every formula and rule behind the rule-derived and computed fields, rendered from the constants the code uses. */

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const FORMULAS: [string, string][] = [
  [
    'Month-end sampling',
    'The last NAV observation inside each calendar month; a month without one is a gap (never carried forward).',
  ],
  [
    'cumulativePerformance',
    'For each month end t: (NAV<sub>t</sub> / NAV<sub>0</sub> − 1) × 100, where NAV<sub>0</sub> is the first observation on or after share-class inception (rebased at inception). The benchmark uses its own level on the same dates; null where it has none.',
  ],
  [
    'indexedPerformance',
    'The same points rebased to 100: 100 × NAV<sub>t</sub> / NAV<sub>0</sub>. hasIndex is true when the benchmark series is populated.',
  ],
  [
    'calendarReturns',
    'Year Y: NAV at the December Y month end / NAV at the December Y−1 month end − 1 (the inception year starts at the first observation). Oldest first; the current partial year is excluded; a year with a gap at either end is left out.',
  ],
  [
    'annualisedReturns',
    `1 Year: NAV<sub>T</sub> / NAV<sub>T−1y</sub> − 1. N Years p.a.: (NAV<sub>T</sub> / NAV<sub>T−Ny</sub>)<sup>1/N</sup> − 1. Since Inception: (NAV<sub>T</sub> / NAV<sub>0</sub>)<sup>${DAYS_PER_YEAR}/days</sup> − 1 when the history spans at least a year, otherwise the plain cumulative return. Start points are the observation nearest the target date within ${ANCHOR_TOLERANCE_DAYS} days; null when the history is too short. The history reaches inception when its first NAV is at most ${INCEPTION_TOLERANCE_DAYS} days after it.`,
  ],
  [
    'volatility3y',
    `Sample standard deviation (n − 1) of the last ${RISK_WINDOW_MONTHS} complete monthly returns r<sub>m</sub> = NAV<sub>m</sub>/NAV<sub>m−1</sub> − 1, annualised × √12. Empty when fewer than ${RISK_WINDOW_MONTHS} months or a gap.`,
  ],
  [
    'sharpe3y',
    'Annualised return over the same 36 months, ((NAV<sub>end</sub>/NAV<sub>start</sub>)<sup>1/3</sup> − 1), divided by volatility3y; risk-free rate 0%.',
  ],
  [
    'maxDrawdown',
    'Largest peak-to-trough fall of month-end NAVs over the trailing 36 months: min over t of (NAV<sub>t</sub> / max<sub>s≤t</sub> NAV<sub>s</sub> − 1), shown negative ("0.00%" when the series never falls).',
  ],
  [
    'dataAsOf',
    'The latest NAV observation when a NAV history is used; otherwise the reporting date of the factsheet (or the key document date).',
  ],
  [
    'costs.ongoing',
    'As stated in the PRIIPs KID / UCITS KIID or FinDatEx EPT; falls back to headlineMetrics.ter when not stated.',
  ],
  [
    'riskRating',
    `The disclosed SRI (PRIIPs) or SRRI (UCITS); when none is disclosed, the asset-class heuristic: ${Object.entries(
      FALLBACK_RISK_RATING,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
  ],
  ['keyFacts.subAsset', 'Identical to profile.category.'],
  [
    'structure',
    'A normalised token derived from securityType (etf, open-ended fund, closed-ended fund, real estate fund, other).',
  ],
];

/** A table of [field, text] rows, the field as code, the text escaped. */
function fieldTable(rows: readonly (readonly [string, string])[]): string {
  const body = rows
    .map(([field, text]) => `<tr><td><code>${escapeHtml(field)}</code></td><td>${escapeHtml(text)}</td></tr>`)
    .join('\n');
  return `<table><thead><tr><th>Field</th><th>Rule</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

export function methodologyHtml(): string {
  const rules = PROFILE_RULES.map(
    (r) =>
      `<tr><td><code>${escapeHtml(r.id)}</code></td><td><code>${escapeHtml(String(r.field))}</code></td><td>${escapeHtml(r.condition)}</td></tr>`,
  ).join('\n');
  const formulas = FORMULAS.map(
    ([field, text]) => `<tr><td><code>${escapeHtml(field)}</code></td><td>${text}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Methodology - Fund Data Service</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 70rem; margin: 2rem auto; padding: 0 1rem; color: #1c2430; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0 2rem; }
  th, td { border-bottom: 1px solid #dde3ea; padding: .45rem .6rem; text-align: left; vertical-align: top; }
  th { background: #f3f6f9; }
  code { font-size: 13px; }
</style>
</head>
<body>
<h1>Methodology</h1>
<p>Rule set <strong><code>${escapeHtml(PROFILE_RULES_VERSION)}</code></strong> (carried in <code>profile.rules</code>). Weights are percentages of the portfolio; lower bounds are inclusive.
See also the <a href="/docs">API reference</a>.</p>
<h2>Computed fields</h2>
<table><thead><tr><th>Field</th><th>Formula</th></tr></thead><tbody>
${formulas}
</tbody></table>
<h2>Profile rules</h2>
<table><thead><tr><th>Rule</th><th>Field</th><th>Condition</th></tr></thead><tbody>
${rules}
</tbody></table>
<h2>Many funds at once: batch, portfolio look-through, overlap</h2>
<p>Rule set <strong><code>${escapeHtml(LOOK_THROUGH.version)}</code></strong> (carried in <code>rules</code> of the portfolio and overlap responses).
Every call over many funds answers each distinct ISIN the same way: a fresh stored payload; <code>not_found</code> when a load found no public data
within the last <code>NOT_FOUND_TTL_HOURS</code> (no new load meanwhile); otherwise the shared load of GET /funds, a few at a time within the request budget;
what is not loaded in time is <code>pending</code> and warmed in the background; <code>error</code> when nothing is stored and the load failed.
Credits: 1 per distinct ISIN answered <code>ok</code> or <code>not_found</code>, charged all or nothing once the answers are known.</p>
<h3>Holding matching</h3>
<p>${escapeHtml(LOOK_THROUGH.matching)}</p>
<h3>POST /portfolio</h3>
${fieldTable(LOOK_THROUGH.portfolio)}
<h3>GET /overlap</h3>
${fieldTable(LOOK_THROUGH.overlap)}
<h2>SCPI: the ASPIM definitions</h2>
<p>Figures of <code>GET /scpi/{idOrIsin}</code> are quoted as the SCPI's own documents state them (the newest document wins, field by field);
the few computed when no document states them follow these definitions and are marked <code>kind: "computed"</code> in <code>data.sources</code>.</p>
${fieldTable(SCPI_DEFINITIONS)}
<h2>Provenance</h2>
<p>Every filled field of a fund payload names its source in <code>data.sources</code>: the document's SHA-256, its kind, origin, page (when known) and as-of date.</p>
<h3>When documents disagree</h3>
<p>A fund's documents are read in this order, and each field is quoted from the first that states it:
${DOCUMENT_AUTHORITY.map((kind) => `<code>${escapeHtml(kind)}</code>`).join(' &gt; ')}
(the regulated key documents first: they are the manager's binding statement for the share class; then FinDatEx files; then factsheets and data files).
Within one kind, the order the documents were found in. The date a field is as of is chosen apart (see <code>dataAsOf</code>).</p>
<p>When another document states a different value for the same field, the quoted value stays and <code>data.sources[field].conflicts</code>
lists each other document with its kind, the value it states and its own date: a KID's SRI 4 quoted, an EPT row's 5 listed; a factsheet's ongoing
charges beside the KID's. Figures are compared by value (<code>0.2%</code> and <code>0.20%</code> agree), text without regard to case, accents,
spacing and punctuation; lists (holdings, exposures) are not compared; a document never disagrees with itself; at most ten are listed.
The contract's fields never change because of a conflict. An SCPI's older bulletins tell its history, not a disagreement: they are not listed.</p>
</body>
</html>
`;
}
