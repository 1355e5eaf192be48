import * as echarts from 'echarts';

import { finishSvg } from '../factsheet/charts';
import { COLOURS } from '../factsheet/styles';
import type { UsageDay } from './views';

/**
 * The overview's chart of the month: calls per day as bars stacked by operation, and a line of the
 * credits spent per day. ECharts draws it on the server to SVG; finishSvg makes it fit for the CSP.
 */

/** The part of zrender's SVG painter used here, as in ../factsheet/charts.ts. */
interface SvgPainter {
  renderToString(options: { cssAnimation?: boolean; cssEmphasis?: boolean; useViewBox?: boolean }): string;
}

/** Bar colours, one per operation in turn: dark enough to tell apart on white. */
const PALETTE = ['#0f3b66', '#4f81bd', '#8c6d1f', '#5b8c5a', '#8e5ea2', '#b35c1e', '#2f7f86', '#6b7280'];
const CREDITS_COLOUR = '#a3191e';
/** Single-quoted: zrender writes the family into a double-quoted attribute. */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const TEXT = { fontFamily: FONT, fontSize: 11, color: COLOURS.text } as const;

const WIDTH = 760;
const PLOT_HEIGHT = 260;
const LEGEND_ROW = 22;

/** The month a `monthStart` instant opens: its `YYYY-MM`, its name ("November 2025") and its number of days (UTC). */
export function monthOf(monthStart: string): { prefix: string; name: string; length: number } {
  const start = new Date(monthStart);
  const date = Number.isNaN(start.getTime()) ? new Date(0) : start;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    prefix: `${year}-${String(month + 1).padStart(2, '0')}`,
    name: date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    length: new Date(Date.UTC(year, month + 1, 0)).getUTCDate(),
  };
}

/** The operations of the rows, the busiest first (ties by name), so colours follow the same order everywhere. */
export function operationsOf(days: readonly UsageDay[]): string[] {
  const calls = new Map<string, number>();
  for (const row of days) calls.set(row.operation, (calls.get(row.operation) ?? 0) + row.calls);
  return [...calls.keys()].sort((a, b) => (calls.get(b) ?? 0) - (calls.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Rows of the legend at the chart's width, estimated from the names' lengths (ECharts wraps a plain legend). */
function legendRows(names: readonly string[]): number {
  const available = WIDTH - 40;
  let rows = 1;
  let line = 0;
  for (const name of names) {
    const item = 25 + 5 + name.length * 6.5 + 10;
    if (line > 0 && line + item > available) {
      rows += 1;
      line = 0;
    }
    line += item;
  }
  return rows;
}

/**
 * The chart's SVG: one stacked bar series per operation, the credits line on a second axis, a category
 * axis of every day of the month (1 to its last day; days without a row are 0). '' when `days` is empty.
 */
export function usageChart(days: readonly UsageDay[], monthStart: string, title: string): string {
  if (days.length === 0) return '';
  const month = monthOf(monthStart);
  const operations = operationsOf(days);
  const calls = new Map(operations.map((operation) => [operation, new Array<number>(month.length).fill(0)]));
  const credits = new Array<number>(month.length).fill(0);
  for (const row of days) {
    if (row.day.slice(0, 7) !== month.prefix) continue;
    const index = Number(row.day.slice(8, 10)) - 1;
    if (!Number.isInteger(index) || index < 0 || index >= month.length) continue;
    const series = calls.get(row.operation);
    if (series) series[index] += row.calls;
    credits[index] += row.credits;
  }
  const names = [...operations, 'Credits'];
  const legendHeight = legendRows(names) * LEGEND_ROW;
  const axisName = { ...TEXT, color: COLOURS.muted };
  const option = {
    animation: false,
    useUTC: true,
    textStyle: TEXT,
    color: [...PALETTE],
    legend: {
      type: 'plain',
      bottom: 4,
      left: 20,
      right: 20,
      itemGap: 10,
      itemWidth: 18,
      itemHeight: 10,
      textStyle: TEXT,
      data: names,
    },
    grid: { left: 56, right: 56, top: 32, bottom: 52 + legendHeight },
    xAxis: {
      type: 'category',
      name: 'Day of the month (UTC)',
      nameLocation: 'middle',
      nameGap: 26,
      nameTextStyle: axisName,
      data: Array.from({ length: month.length }, (_, i) => String(i + 1)),
      axisTick: { alignWithLabel: true },
      axisLine: { lineStyle: { color: COLOURS.muted } },
      axisLabel: { ...TEXT, interval: 0, fontSize: 10 },
    },
    yAxis: [
      {
        type: 'value',
        name: 'Calls',
        nameTextStyle: axisName,
        minInterval: 1,
        splitLine: { lineStyle: { color: COLOURS.grid } },
        axisLabel: { ...TEXT, formatter: (value: number) => value.toLocaleString('en-US') },
      },
      {
        type: 'value',
        name: 'Credits',
        nameTextStyle: axisName,
        minInterval: 1,
        splitLine: { show: false },
        axisLabel: { ...TEXT, formatter: (value: number) => value.toLocaleString('en-US') },
      },
    ],
    series: [
      ...operations.map((operation, i) => ({
        type: 'bar',
        name: operation,
        stack: 'calls',
        silent: true,
        barMaxWidth: 18,
        itemStyle: { color: PALETTE[i % PALETTE.length] },
        data: calls.get(operation),
      })),
      {
        type: 'line',
        name: 'Credits',
        yAxisIndex: 1,
        silent: true,
        symbol: 'circle',
        symbolSize: 4,
        itemStyle: { color: CREDITS_COLOUR },
        lineStyle: { color: CREDITS_COLOUR, width: 2 },
        data: credits,
      },
    ],
  };
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: WIDTH,
    height: PLOT_HEIGHT + legendHeight + 52,
  });
  const { animation } = chart.getZr();
  try {
    chart.setOption(option);
    const painter = chart.getZr().painter as unknown as SvgPainter;
    return finishSvg(
      painter.renderToString({ cssAnimation: false, cssEmphasis: false, useViewBox: true }),
      'usage',
      title,
    );
  } finally {
    chart.dispose();
    animation.off();
  }
}
