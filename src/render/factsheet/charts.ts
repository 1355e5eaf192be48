import * as echarts from 'echarts';

import type { Formats } from './format';
import { escapeHtml } from './html';
import type { CalendarReturns, IndexedPerformance, Weight } from './select';
import { CHART_PX, COLOURS } from './styles';

/**
 * The page's charts: ECharts rendered on the server to SVG strings, with no style attribute, no
 * <style> element and ids that are the same on every render, so the page passes a hash-only CSP.
 */

/** The part of zrender's SVG painter used here (node_modules/zrender/lib/svg/Painter.js). */
interface SvgPainter {
  renderToString(options: { cssAnimation?: boolean; cssEmphasis?: boolean; useViewBox?: boolean }): string;
}

/** The page's font stack, single-quoted: zrender writes it unescaped inside a double-quoted attribute. */
const CHART_FONT = "'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif";
const TEXT = { fontFamily: CHART_FONT, fontSize: 7.8, color: COLOURS.muted } as const;
const NO_HALO = { textBorderWidth: 0, textShadowBlur: 0 } as const;

/** Declarations of a style attribute as presentation attributes ("a:b;c:d" -> a="b" c="d"). */
function declarationsToAttributes(declarations: string): string {
  const attributes: string[] = [];
  for (const declaration of declarations.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!/^[a-z-]+$/.test(property) || value === '') continue;
    if (property === 'font') attributes.push(...fontShorthandToAttributes(value));
    else attributes.push(`${property}="${escapeHtml(value)}"`);
  }
  return attributes.join(' ');
}

/** zrender writes `font: [style] [weight] size family` when a text has no separate font fields. */
function fontShorthandToAttributes(font: string): string[] {
  const match =
    /^(?:(italic|oblique|normal)\s+)?(?:(bold|bolder|lighter|normal|[1-9]00)\s+)?(\d+(?:\.\d+)?px)\s+(.+)$/.exec(font);
  if (!match) return [];
  const [, fontStyle, fontWeight, fontSize, fontFamily] = match;
  return [
    `font-size="${escapeHtml(fontSize)}"`,
    `font-family="${escapeHtml(fontFamily)}"`,
    ...(fontStyle && fontStyle !== 'normal' ? [`font-style="${escapeHtml(fontStyle)}"`] : []),
    ...(fontWeight && fontWeight !== 'normal' ? [`font-weight="${escapeHtml(fontWeight)}"`] : []),
  ];
}

/**
 * Every `style="..."` attribute of an SVG turned into SVG presentation attributes (the CSP allows no style attribute).
 */
export function styleAttributesToPresentation(svg: string): string {
  return svg.replace(/\sstyle="([^"]*)"/g, (_whole, declarations: string) => {
    const attributes = declarationsToAttributes(declarations);
    return attributes === '' ? '' : ` ${attributes}`;
  });
}

/**
 * zrender escapes text content (encodeHTML) but writes attribute values as they are: no data reaches
 * an attribute here (labels are text content; colours, fonts and sizes are this module's own).
 *
 * ECharts' SVG made fit for the page: no <style> element, no style attribute, zrender's per-instance
 * ids (`zr12-c0`) renamed after the chart so two charts of a page never share one, no SSR metadata,
 * and a root that scales to its box (viewBox, no fixed width and height).
 */
export function finishSvg(svg: string, idPrefix: string, title: string): string {
  return (
    styleAttributesToPresentation(svg.replace(/<style[\s\S]*?<\/style>/g, ''))
      // Only in attribute values (id, url(#…), href): a label from the data may well read "zr1-".
      .replace(/(="#?|url\(#)zr\d+-/g, `$1${idPrefix}-`)
      .replace(/\secmeta_[a-z_]+="[^"]*"/g, '')
      .replace(
        /^<svg width="[\d.]+" height="[\d.]+"/,
        `<svg class="chart-svg" role="img" aria-label="${escapeHtml(title)}" focusable="false"`,
      )
      .replace(/\n/g, '')
  );
}

/** Draws one chart to SVG; the instance is always disposed (a live one keeps timers running). */
function renderChart(
  option: echarts.EChartsCoreOption,
  width: number,
  height: number,
  idPrefix: string,
  title: string,
): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  const { animation } = chart.getZr();
  try {
    chart.setOption({ animation: false, useUTC: true, textStyle: TEXT, ...option });
    const painter = chart.getZr().painter as unknown as SvgPainter;
    return finishSvg(
      painter.renderToString({ cssAnimation: false, cssEmphasis: false, useViewBox: true }),
      idPrefix,
      title,
    );
  } finally {
    chart.dispose();
    // setOption wakes zrender's frame loop, whose pending timer (16 ms) holds the animation, and through
    // its listeners the whole chart: unhook them so the chart is garbage as soon as it is disposed.
    animation.off();
  }
}

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** The fund's indexed line (accent) and, when it has one, its index (grey). */
export function indexedPerformanceChart(lines: IndexedPerformance, formats: Formats, title: string): string {
  const first = lines.fund[0][0];
  const last = lines.fund[lines.fund.length - 1][0];
  const withMonth = last - first < 3 * YEAR_MS;
  const series: object[] = [];
  if (lines.index) {
    series.push({
      type: 'line',
      data: lines.index,
      showSymbol: false,
      symbol: 'none',
      clip: false,
      silent: true,
      z: 2,
      lineStyle: { width: 1, color: COLOURS.index },
    });
  }
  series.push({
    type: 'line',
    data: lines.fund,
    showSymbol: false,
    symbol: 'none',
    clip: false,
    silent: true,
    z: 3,
    lineStyle: { width: 1.4, color: COLOURS.accent },
    areaStyle: { color: COLOURS.accent, opacity: 0.06, origin: 'start' },
  });
  const option = {
    grid: { left: 30, right: 8, top: 6, bottom: 16, outerBoundsMode: 'none' },
    xAxis: {
      type: 'time',
      min: first,
      max: last,
      splitNumber: 7,
      axisLine: { lineStyle: { color: COLOURS.rule } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: {
        ...TEXT,
        hideOverlap: true,
        showMinLabel: false,
        showMaxLabel: false,
        formatter: (value: number) => formats.axisDate(value, withMonth),
      },
    },
    yAxis: {
      type: 'value',
      scale: true,
      splitNumber: 4,
      axisLine: { show: false },
      axisTick: { show: false },
      splitLine: { lineStyle: { color: COLOURS.grid, width: 0.7 } },
      axisLabel: { ...TEXT, formatter: (value: number) => formats.number(value, 0) },
    },
    series,
  };
  return renderChart(option, CHART_PX.wide, 150, 'fs-perf', title);
}

/** A value axis's bounds and step: round numbers, zero included, about `intervals` steps. */
export interface NiceScale {
  min: number;
  max: number;
  interval: number;
  /** Decimals the step needs to be printed exactly (2.5 -> 1). */
  decimals: number;
}

export function niceScale(values: readonly number[], intervals = 4): NiceScale {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const magnitude = 10 ** Math.floor(Math.log10((high - low || 1) / intervals));
  const clean = (value: number) => Number(value.toPrecision(12));
  const steps = [1, 2, 2.5, 5, 10, 20].map((multiple) => clean(multiple * magnitude));
  // The finest round step that needs at most one interval more than asked for.
  const step =
    steps.find((candidate) => Math.ceil(high / candidate) - Math.floor(low / candidate) <= intervals + 1) ??
    steps[steps.length - 1];
  const min = clean(Math.floor(low / step) * step);
  const max = clean(Math.max(Math.ceil(high / step) * step, min + step));
  return { min, max, interval: step, decimals: (String(step).split('.')[1] ?? '').length };
}

/**
 * Calendar-year returns as bars, the fund's and the index's side by side; the grid's left edge lines up with the table
 * below.
 */
export function calendarReturnsChart(returns: CalendarReturns, formats: Formats, title: string): string {
  const bar = { type: 'bar', silent: true, barGap: '12%', barCategoryGap: '32%', barMaxWidth: 16 };
  const series: object[] = [{ ...bar, data: returns.fund, itemStyle: { color: COLOURS.accent } }];
  if (returns.index) series.push({ ...bar, data: returns.index, itemStyle: { color: COLOURS.index } });
  const scale = niceScale([
    ...returns.fund,
    ...(returns.index ?? []).filter((value): value is number => value !== null),
  ]);
  // Grid lines are coloured in tick order from the bottom: the zero line is drawn darker, so negative
  // years read at a glance (cheaper than a markLine, which costs a component per render).
  const ticks = Math.round((scale.max - scale.min) / scale.interval) + 1;
  const zeroTick = Math.round(-scale.min / scale.interval);
  const lineColours = Array.from({ length: ticks }, (_, i) => (i === zeroTick ? COLOURS.muted : COLOURS.grid));
  const option = {
    grid: { left: CHART_PX.returnsLabelColumn, right: 0, top: 6, bottom: 15, outerBoundsMode: 'none' },
    // Years along the bottom edge (not on the zero line, where negative bars would cover them).
    xAxis: {
      type: 'category',
      data: returns.years,
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { ...TEXT, color: COLOURS.text, margin: 5, interval: 0 },
    },
    yAxis: {
      type: 'value',
      min: scale.min,
      max: scale.max,
      interval: scale.interval,
      axisLine: { show: false },
      axisTick: { show: false },
      splitLine: { lineStyle: { color: lineColours, width: 0.7 } },
      axisLabel: { ...TEXT, margin: 6, formatter: (value: number) => formats.percent(value, scale.decimals) },
    },
    series,
  };
  return renderChart(option, CHART_PX.wide, 112, 'fs-cal', title);
}

const BAR_ROW_PX = 13.5;

/**
 * Horizontal bars of an allocation (at most LIMITS.allocationBars of them), labels on the left, weights at the bar
 * ends.
 */
export function allocationChart(weights: readonly Weight[], formats: Formats, idPrefix: string, title: string): string {
  const labelWidth = 100;
  const values = weights.map((item) => item.weight);
  const option = {
    grid: { left: labelWidth, right: 34, top: 1, bottom: 1, outerBoundsMode: 'none' },
    xAxis: { type: 'value', show: false, min: Math.min(0, ...values), max: Math.max(0, ...values) },
    yAxis: {
      type: 'category',
      inverse: true,
      data: weights.map((item) => item.label),
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: {
        ...TEXT,
        color: COLOURS.text,
        margin: 6,
        width: labelWidth - 8,
        overflow: 'truncate',
        ellipsis: '…',
      },
    },
    series: [
      {
        type: 'bar',
        silent: true,
        barWidth: 7,
        itemStyle: { color: COLOURS.accent },
        data: values,
        // 'right' of the bar's box: past the end of a positive bar, past the zero line for a negative one (never over
        // the labels).
        label: {
          show: true,
          position: 'right',
          ...TEXT,
          ...NO_HALO,
          color: COLOURS.text,
          distance: 3,
          formatter: (params: { value: unknown }) => formats.percent(Number(params.value), 1),
        },
      },
    ],
  };
  return renderChart(option, CHART_PX.half, weights.length * BAR_ROW_PX + 2, idPrefix, title);
}
