import {
  attributeNames,
  fullSnapshot,
  hostileSnapshot,
  hugeSnapshot,
  pageOptions,
} from '../../../test/fixtures/factsheetSnapshots';
import { renderFactsheetHtml } from './index';
import { LABELS } from './labels';
import { LIMITS } from './select';

const FORBIDDEN = /undefined|NaN|\bnull\b|Infinity|\[object Object\]/;
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const blockOf = (html: string, kind: string) =>
  new RegExp(`<section class="block block-${kind}[^"]*">[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';
const svgTexts = (html: string) => [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

describe('the page in French', () => {
  const html = plainSpaces(renderFactsheetHtml(fullSnapshot(), pageOptions({ language: 'fr' })));
  const fr = LABELS.fr;

  it('takes every label from the French table', () => {
    expect(html).toContain('<html lang="fr"');
    for (const title of [fr.sections.keyFacts, fr.sections.costs, fr.sections.holdings, fr.sections.calendarReturns]) {
      expect(html).toContain(`<h2>${title.replace(/'/g, '&#39;')}</h2>`);
    }
    expect(html).toContain('Données au <strong>30 oct. 2026</strong>');
    expect(html).toContain(fr.risk.lower);
    expect(html).toContain('DIC du 16 févr. 2026');
    expect(html).toContain('Fiche créée le 23 nov. 2026');
    expect(html).not.toContain(LABELS.en.sections.keyFacts);
  });

  it('formats its own figures and plain percentages the French way, and leaves other given strings alone', () => {
    expect(blockOf(html, 'holdings')).toContain('<td>14,30 %</td>');
    expect(blockOf(html, 'costs')).toContain('3,00 %');
    expect(blockOf(html, 'metrics')).toContain('-33,04 %');
    expect(blockOf(html, 'metrics')).toContain('17,0');
    expect(blockOf(html, 'key-facts')).toContain('EUR 3,721.1 million');
    expect(blockOf(html, 'key-facts')).toContain('1 janv. 2012');
    expect(blockOf(html, 'calendar')).toContain('-19,5 %');
    expect(blockOf(html, 'annualised')).toContain('Depuis création');
    expect(svgTexts(blockOf(html, 'sector'))).toContain('24,8 %');
    expect(svgTexts(blockOf(html, 'sector'))).toContain('Autres');
    expect(svgTexts(blockOf(html, 'calendar'))).toContain('-20 %');
  });
});

describe('text from the data is escaped everywhere', () => {
  const html = renderFactsheetHtml(hostileSnapshot(), pageOptions());

  it('never lets markup through, in HTML, attributes or SVG', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/"onload=/);
    expect(attributeNames(html).filter((name) => name.startsWith('on') || name === 'style')).toEqual([]);
    expect(attributeNames(html)).toContain('aria-label');
    expect(html).not.toMatch(FORBIDDEN);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it('shows it escaped in the name, holdings, benchmark, sources and the charts', () => {
    const escaped =
      '&lt;script&gt;alert(1)&lt;/script&gt;&quot;onload=&quot;alert(2)&#39; &amp; &lt;img src=x onerror=alert(3)&gt;';
    expect(html).toContain(`<h1>Fund ${escaped}</h1>`);
    expect(html).toContain(`<title>Fund ${escaped} – Factsheet</title>`);
    expect(blockOf(html, 'holdings')).toContain(`<td title="0 ${escaped}">0 ${escaped}</td>`);
    expect(blockOf(html, 'performance')).toContain(`<span class="key-index">Index ${escaped}</span>`);
    expect(blockOf(html, 'key-facts')).toContain(`Index ${escaped}`);
    expect(html).toMatch(/<div class="sources">[\s\S]*&lt;script&gt;[\s\S]*<\/div>/);
    // zrender escapes SVG text; long labels are cut by the chart, but never unescaped.
    const sectorLabels = svgTexts(blockOf(html, 'sector')).filter((text) => text.startsWith('0 '));
    expect(sectorLabels.length).toBe(1);
    expect(sectorLabels[0]).toMatch(/^0 &lt;script&gt;/);
    expect(svgTexts(blockOf(html, 'calendar')).some((text) => text.startsWith('2016&lt;script'))).toBe(true);
  });
});

describe('inputs far past what a page holds', () => {
  const snapshot = hugeSnapshot();
  const html = renderFactsheetHtml(snapshot, pageOptions());

  it('still renders one safe page with every block', () => {
    expect(html).not.toMatch(FORBIDDEN);
    expect(count(html, /<svg /g)).toBe(5);
    expect(html.length).toBeLessThan(120_000);
  });

  it('cuts the objective and the long names, and keeps ten holdings', () => {
    const objective = /<p class="objective">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
    expect(objective.length).toBeLessThanOrEqual(1200);
    expect(objective.endsWith('…')).toBe(true);
    const name = /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? '';
    expect(name.length).toBeLessThanOrEqual(200);
    expect(count(/<tbody>[\s\S]*<\/tbody>/.exec(blockOf(html, 'holdings'))?.[0] ?? '', /<tr>/g)).toBe(LIMITS.holdings);
  });

  it('draws at most eight bars per allocation, ten calendar years and about 260 performance points', () => {
    const sectorBars = count(blockOf(html, 'sector'), /<path d="M[^"]*Z" fill="#0f3b66"/g);
    expect(sectorBars).toBe(LIMITS.allocationBars);
    expect(svgTexts(blockOf(html, 'geography'))).toContain('Other');
    expect(count(blockOf(html, 'calendar'), /<td>/g)).toBe(2 * LIMITS.calendarYears);
    const fundLine =
      /<path d="(M[^"]*)" fill="none"[^>]*stroke="#0f3b66"/.exec(blockOf(html, 'performance'))?.[1] ?? '';
    expect(count(fundLine, /[ML]/g)).toBeGreaterThan(100);
    expect(count(fundLine, /[ML]/g)).toBeLessThanOrEqual(LIMITS.performancePoints);
  });
});
