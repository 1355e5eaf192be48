import { fullFundData, HOSTILE } from '../../../test/fixtures/factsheetSnapshots';
import {
  allocationChart,
  calendarReturnsChart,
  finishSvg,
  indexedPerformanceChart,
  niceScale,
  styleAttributesToPresentation,
} from './charts';
import { formatsFor } from './format';
import { calendarReturns, indexedPerformance } from './select';

const en = formatsFor('en');

describe('style attributes to presentation attributes', () => {
  it('turns each declaration into an attribute', () => {
    expect(
      styleAttributesToPresentation('<text style="font-size:12px;font-family:sans-serif;" fill="#333">a</text>'),
    ).toBe('<text font-size="12px" font-family="sans-serif" fill="#333">a</text>');
  });

  it('escapes the values it moves into attributes', () => {
    expect(styleAttributesToPresentation(`<text style="font-family:'Liberation Sans', Arial;">a</text>`)).toBe(
      '<text font-family="&#39;Liberation Sans&#39;, Arial">a</text>',
    );
    expect(styleAttributesToPresentation('<text style="font-family:a&b<c>;">a</text>')).toBe(
      '<text font-family="a&amp;b&lt;c&gt;">a</text>',
    );
  });

  it('expands the font shorthand zrender writes when a text has no separate font fields', () => {
    expect(styleAttributesToPresentation('<text style="font: bold 12px sans-serif">a</text>')).toBe(
      '<text font-size="12px" font-family="sans-serif" font-weight="bold">a</text>',
    );
  });

  it('drops empty styles and declarations it cannot read', () => {
    expect(styleAttributesToPresentation('<g style=""><text style="nonsense;x y:1">a</text></g>')).toBe(
      '<g><text>a</text></g>',
    );
  });
});

describe('the SVG of a chart', () => {
  it('has no style attribute, no <style>, instance-free ids and a scalable root', () => {
    const svg = finishSvg(
      '<svg width="300" height="120" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120">\n<style>.zr3-cls-0:hover{}</style><clipPath id="zr3-c0"></clipPath><path clip-path="url(#zr3-c0)" ecmeta_series_index="0"></path>\n</svg>',
      'fs-perf',
      'A <title>',
    );
    expect(svg).toBe(
      '<svg class="chart-svg" role="img" aria-label="A &lt;title&gt;" focusable="false" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120"><clipPath id="fs-perf-c0"></clipPath><path clip-path="url(#fs-perf-c0)"></path></svg>',
    );
  });

  it('draws real charts without any style or per-instance id, the same twice', () => {
    const data = fullFundData();
    const lines = indexedPerformance(data.indexedPerformance)!;
    const draw = () =>
      indexedPerformanceChart(lines, en, 'Performance') +
      calendarReturnsChart(calendarReturns(data.calendarReturns)!, en, 'Years');
    const svg = draw();
    expect(svg).not.toMatch(/style=|<style/);
    expect(svg).not.toMatch(/(="#?|url\(#)zr\d+-/);
    expect(svg).toMatch(/^<svg class="chart-svg"[^>]* viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toMatch(/<svg[^>]* width="/);
    expect(draw()).toBe(svg);
  });

  it('leaves text that merely looks like a zrender id alone', () => {
    const svg = allocationChart([{ label: 'zr12-holding', weight: 3 }], en, 'fs-sector', 'Sector');
    expect(svg).toContain('>zr12-holding<');
  });

  it('escapes labels from the data in the SVG text', () => {
    const svg = allocationChart(
      [
        { label: HOSTILE, weight: 12 },
        { label: 'Fish & Chips', weight: 3 },
      ],
      en,
      'fs-sector',
      `Sector ${HOSTILE}`,
    );
    expect(svg).not.toMatch(/<script|<img|"onload=/);
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('Fish &amp; Chips');
    expect(svg).toContain(
      'aria-label="Sector &lt;script&gt;alert(1)&lt;/script&gt;&quot;onload=&quot;alert(2)&#39; &amp; &lt;img src=x onerror=alert(3)&gt;"',
    );
  });

  it('labels the axes in the page language', () => {
    const fr = formatsFor('fr');
    const svg = calendarReturnsChart({ years: ['2024', '2025'], fund: [12.5, -7.5], index: null }, fr, 'Années');
    expect(svg.replace(/[\u202f\u00a0]/g, ' ')).toMatch(/>-10 %</);
    expect(svg).toContain('>2024<');
  });
});

describe('a value axis with round steps', () => {
  it('includes zero and covers the values', () => {
    expect(niceScale([-19.45, 22.7, 29.44])).toEqual({ min: -20, max: 30, interval: 10, decimals: 0 });
    expect(niceScale([1.36, 2.96])).toEqual({ min: 0, max: 3, interval: 1, decimals: 0 });
    expect(niceScale([0.2, 0.9])).toEqual({ min: 0, max: 1, interval: 0.2, decimals: 1 });
    expect(niceScale([0, 0])).toEqual({ min: 0, max: 0.1, interval: 0.1, decimals: 1 });
    expect(niceScale([-33.04])).toEqual({ min: -40, max: 0, interval: 10, decimals: 0 });
    expect(niceScale([12000, -3])).toEqual({ min: -5000, max: 15000, interval: 5000, decimals: 0 });
  });
});
