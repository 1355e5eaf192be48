import { createHash } from 'node:crypto';

import {
  attributeNames,
  FIXTURE_ISIN,
  FIXTURE_NAME,
  fullSnapshot,
  pageOptions,
  snapshotWith,
} from '../../../test/fixtures/factsheetSnapshots';
import { FACTSHEET_LANGUAGES } from '../../domain/factsheet';
import { FACTSHEET_STYLE_HASH, FACTSHEET_TEMPLATE_VERSION, renderFactsheetHtml } from './index';
import { LABELS } from './labels';

const FORBIDDEN = /undefined|NaN|\bnull\b|Infinity|\[object Object\]/;
const en = LABELS.en;

const headings = (html: string) => [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => match[1]);
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const tableOf = (html: string, className: string) =>
  new RegExp(`<table class="${className}">[\\s\\S]*?</table>`).exec(html)?.[0] ?? '';
const blockOf = (html: string, kind: string) =>
  new RegExp(`<section class="block block-${kind}[^"]*">[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';

/** What no page may ever contain, whatever the data. */
function expectSafePage(html: string): void {
  expect(html).not.toMatch(FORBIDDEN);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\sstyle="/);
  expect(attributeNames(html).filter((name) => name.startsWith('on') || name === 'style')).toEqual([]);
  expect(count(html, /<style>/g)).toBe(1);
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
}

describe('the full fixture', () => {
  const html = renderFactsheetHtml(fullSnapshot(), pageOptions());

  it('renders every block, in the two columns', () => {
    const s = en.sections;
    expect(headings(html)).toEqual([
      s.objective,
      s.keyFacts,
      s.risk,
      s.costs,
      s.sfdr,
      s.riskMetrics,
      s.profile,
      s.performance,
      s.calendarReturns,
      s.annualisedReturns,
      s.holdings,
      s.sector,
      s.geography,
      s.assetAllocation,
    ]);
    expectSafePage(html);
  });

  it('shows the header: name, ISIN, share class, manager, currency, data date', () => {
    const header = /<header class="band">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
    expect(header).toContain(`<h1>${FIXTURE_NAME}</h1>`);
    for (const value of [
      FIXTURE_ISIN,
      'Acc EUR',
      'Sample Asset Management S.A.',
      'EUR',
      '30 Oct 2026',
      'Equity · Global Equity Blend',
    ])
      expect(header).toContain(value);
  });

  it('shows the key facts, costs and metrics as given', () => {
    const facts = blockOf(html, 'key-facts');
    for (const value of [
      'UCITS ETF',
      'EUR 3,721.1 million',
      '1 Jan 2012',
      'Accumulating',
      '>61<',
      'Sample Global Equity Index',
    ])
      expect(facts).toContain(value);
    const costs = blockOf(html, 'costs');
    for (const value of ['3.00%', '0.24%', '0.06%', '3.30%', '0.90%', '5 years']) expect(costs).toContain(value);
    expect(count(costs, /<tr>/g)).toBe(8);
    const metrics = blockOf(html, 'metrics');
    for (const value of ['15.02%', '0.03', '-33.04%', '17.0']) expect(metrics).toContain(value);
    expect(blockOf(html, 'profile')).toContain('Concentrated');
    // The category is a key fact already; the profile does not repeat it.
    expect(blockOf(html, 'profile')).not.toContain('Global Equity Blend');
  });

  it('shows the profile category when it differs from the key facts one', () => {
    const snapshot = fullSnapshot();
    snapshot.data.profile.category = 'Large Blend';
    expect(blockOf(renderFactsheetHtml(snapshot, pageOptions()), 'profile')).toContain('Large Blend');
  });

  it('marks the risk class, and says what the SFDR article means', () => {
    expect(blockOf(html, 'risk')).toContain('<li class="on" aria-current="true">4</li>');
    expect(count(blockOf(html, 'risk'), /class="on"/g)).toBe(1);
    expect(blockOf(html, 'risk')).toContain('Lower risk');
    expect(blockOf(html, 'risk')).toContain('Higher risk');
    expect(blockOf(html, 'sfdr')).toContain('Article 8');
    expect(blockOf(html, 'sfdr')).toContain(en.sfdr.meaning[8]);
  });

  it('lists the ten holdings and draws five charts', () => {
    const holdings = tableOf(html, 'holdings');
    expect(count(/<tbody>[\s\S]*<\/tbody>/.exec(holdings)?.[0] ?? '', /<tr>/g)).toBe(10);
    expect(holdings).toContain('ALPHA MATERIALS INC</td><td>14.30%</td>');
    expect(count(html, /<svg /g)).toBe(5);
    expect(html).not.toMatch(/<style[^>]*>[^<]*<\/style>[\s\S]*<style/);
  });

  it('labels the index line with the benchmark and the returns tables with both series', () => {
    expect(blockOf(html, 'performance')).toContain('<span class="key-index">Sample Global Equity Index</span>');
    expect(blockOf(html, 'performance')).toContain('Indexed to 100 on 2 Jan 2012');
    const calendar = tableOf(html, 'returns');
    expect(calendar).toContain('<tr class="index">');
    expect(count(calendar, /<td>/g)).toBe(20);
    expect(blockOf(html, 'annualised')).toContain('Since Inception');
    expect(blockOf(html, 'annualised')).toContain('-24.9%');
  });

  it('credits the sources by kind, date and file, never by hash, and prints the disclaimer', () => {
    const footer = /<footer class="foot">[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    expect(footer).toContain(
      'KID of 16 Feb 2026 <span class="file">(kid.pdf)</span>: name, objective, key facts, benchmark, risk indicator, costs, SFDR',
    );
    expect(footer).toContain('NAV series of 30 Oct 2026');
    expect(footer).toContain('Holdings file of 30 Oct 2026');
    expect(footer).not.toMatch(/[0-9a-f]{40}/);
    expect(footer).toContain('Factsheet created on 23 Nov 2026, 18:56');
    expect(footer).toContain('Past performance does not predict future returns');
  });

  it('renders the same bytes twice', () => {
    expect(renderFactsheetHtml(fullSnapshot(), pageOptions())).toBe(html);
  });
});

describe('the style sheet', () => {
  it('is the one <style> element, whose hash is FACTSHEET_STYLE_HASH, the same for every variant and language', () => {
    const hashes = new Set<string>();
    for (const language of FACTSHEET_LANGUAGES) {
      for (const variant of ['page', 'embed', 'print'] as const) {
        const html = renderFactsheetHtml(fullSnapshot(), pageOptions({ language, variant }));
        const [, css] = /<style>([\s\S]*?)<\/style>/.exec(html) ?? [];
        hashes.add(`sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`);
        expect(html).toContain(`<html lang="${language}" class="v-${variant}">`);
      }
    }
    expect([...hashes]).toEqual([FACTSHEET_STYLE_HASH]);
  });

  it('keeps the sheet to one A4 page', () => {
    const html = renderFactsheetHtml(fullSnapshot(), pageOptions());
    expect(html).toContain('@page { size: A4; margin: 0; }');
    expect(html).toMatch(
      /\.sheet \{ --u: 1mm; width: calc\(210 \* var\(--u\)\); height: calc\(297 \* var\(--u\)\); overflow: hidden;/,
    );
  });

  it('has a template version', () => {
    expect(FACTSHEET_TEMPLATE_VERSION).toMatch(/^factsheet\/\d{4}-\d{2}-\d{2}\.\d+$/);
  });
});

describe('variants and the PDF link', () => {
  const link = (html: string) => /<a class="pdf" href="([^"]*)" target="_blank" rel="noopener"/.exec(html)?.[1] ?? null;

  it('links the PDF on the page and the embed, never in print', () => {
    expect(link(renderFactsheetHtml(fullSnapshot(), pageOptions({ variant: 'page' })))).toBe(
      'https://api.example.com/api/v1/shared/factsheets/abc/pdf',
    );
    expect(link(renderFactsheetHtml(fullSnapshot(), pageOptions({ variant: 'embed' })))).not.toBeNull();
    expect(renderFactsheetHtml(fullSnapshot(), pageOptions({ variant: 'print' }))).not.toContain('class="pdf"');
    expect(renderFactsheetHtml(fullSnapshot(), pageOptions({ pdfUrl: null }))).not.toContain('class="pdf"');
  });

  it('links only an absolute http(s) URL, escaped', () => {
    expect(renderFactsheetHtml(fullSnapshot(), pageOptions({ pdfUrl: 'javascript:alert(1)' }))).not.toContain(
      'class="pdf"',
    );
    expect(renderFactsheetHtml(fullSnapshot(), pageOptions({ pdfUrl: '/relative/pdf' }))).not.toContain('class="pdf"');
    expect(link(renderFactsheetHtml(fullSnapshot(), pageOptions({ pdfUrl: 'https://x.example/a?b=1&c="2"' })))).toBe(
      'https://x.example/a?b=1&amp;c=%222%22',
    );
  });

  it('leaves the creation date out when it is not an instant', () => {
    const html = renderFactsheetHtml(fullSnapshot(), pageOptions({ createdAt: 'yesterday' }));
    expect(html).not.toContain('Factsheet created');
    expectSafePage(html);
  });
});

describe('a fund with nothing disclosed', () => {
  it.each(FACTSHEET_LANGUAGES)('gives a clean page in %s: header, a note, footer and disclaimer', (language) => {
    const html = renderFactsheetHtml(snapshotWith({}), pageOptions({ language }));
    expectSafePage(html);
    expect(html).not.toContain('<svg');
    expect(headings(html)).toEqual([]);
    expect(html).not.toContain('<table');
    expect(html).toContain(`<h1>${FIXTURE_NAME}</h1>`);
    expect(html).toContain(FIXTURE_ISIN);
    expect(html).toContain(LABELS[language].noData);
    expect(html).toContain(LABELS[language].disclaimer.replace(/'/g, '&#39;').slice(0, 60));
    expect(html).not.toContain(LABELS[language].dataAsOf);
  });

  it('shows the ISIN as the title when the fund has no name', () => {
    const html = renderFactsheetHtml(snapshotWith({}, null), pageOptions());
    expect(html).toContain(`<h1>${FIXTURE_ISIN}</h1>`);
    expect(html).toContain(`<title>${FIXTURE_ISIN} – Factsheet</title>`);
    expectSafePage(html);
  });
});

describe('a partly disclosed fund', () => {
  const full = fullSnapshot().data;

  it('with only costs shows the costs and nothing else', () => {
    const html = renderFactsheetHtml(
      snapshotWith({ costs: { ...full.costs, exit: '', riyRhp: 'N/A' } }),
      pageOptions(),
    );
    expect(headings(html)).toEqual([en.sections.costs]);
    expect(count(blockOf(html, 'costs'), /<tr>/g)).toBe(6);
    expect(html).not.toContain(en.costs.exit);
    expect(html).not.toContain('<svg');
    expectSafePage(html);
  });

  it('with only holdings lists them and draws nothing', () => {
    const html = renderFactsheetHtml(snapshotWith({ topHoldings: full.topHoldings.slice(0, 3) }), pageOptions());
    expect(headings(html)).toEqual([en.sections.holdings]);
    expect(count(tableOf(html, 'holdings'), /<tr>/g)).toBe(4);
    expect(html).not.toContain('<svg');
  });

  it('without an index draws one line, and no index row or legend', () => {
    const points = full.indexedPerformance.points.map((point) => ({ ...point, index: null }));
    const html = renderFactsheetHtml(
      snapshotWith({
        indexedPerformance: { points, hasIndex: false },
        calendarReturns: { ...full.calendarReturns, benchmark: full.calendarReturns.benchmark.map(() => null) },
        annualisedReturns: full.annualisedReturns.map((period) => ({ ...period, index: null })),
        benchmarkName: 'None',
      }),
      pageOptions(),
    );
    expect(headings(html)).toEqual([
      en.sections.performance,
      en.sections.calendarReturns,
      en.sections.annualisedReturns,
    ]);
    const performance = blockOf(html, 'performance');
    expect(count(performance, /<path d="M[^"]*" fill="none"[^>]*stroke="#0f3b66"/g)).toBe(1);
    expect(performance).not.toContain('stroke="#9fa8b3"');
    expect(performance).not.toContain('key-index');
    expect(html).not.toContain('<tr class="index">');
    expect(html).not.toContain('None');
  });

  it('with an index but hasIndex false draws the fund alone', () => {
    const html = renderFactsheetHtml(
      snapshotWith({ indexedPerformance: { points: full.indexedPerformance.points, hasIndex: false } }),
      pageOptions(),
    );
    expect(blockOf(html, 'performance')).not.toContain('stroke="#9fa8b3"');
  });

  it('with a single NAV point or only broken weights draws no chart and no heading', () => {
    const html = renderFactsheetHtml(
      snapshotWith({
        indexedPerformance: { points: [{ date: '2026-10-30', fund: 100, index: 100 }], hasIndex: true },
        sector: [{ label: 'Energy', weight: Number.NaN }],
        geography: [{ label: '', weight: 3 }],
        riskRating: 9,
        sfdrArticle: 7 as never,
      }),
      pageOptions(),
    );
    expect(headings(html)).toEqual([]);
    expect(html).not.toContain('<svg');
    expectSafePage(html);
  });
});
