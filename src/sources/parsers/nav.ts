import { parse } from 'csv-parse/sync';
import { UnreadableDocumentError } from '../types';

export interface NavPoint {
  date: string;
  value: number;
}

export interface NavSeries {
  fund: NavPoint[];
  benchmark: NavPoint[];
}

const DATE_HEADER = /^(date|as of|as-of|valuation date|nav date)$/i;
const FUND_HEADER = /^(nav|nav per share|price|close|value)$/i;
const BENCHMARK_HEADER = /^(benchmark|index|index return series|index level)$/i;

/** Parses a NAV history CSV with a date column, a NAV column and optionally a benchmark column; oldest first. */
export function parseNavCsv(content: Buffer, origin: string): NavSeries {
  let rows: string[][];
  try {
    rows = parse(content, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (err) {
    throw new UnreadableDocumentError(origin, `not a CSV file (${(err as Error).message})`);
  }
  const header = rows[0] ?? [];
  const dateCol = header.findIndex((h) => DATE_HEADER.test(h));
  const fundCol = header.findIndex((h) => FUND_HEADER.test(h));
  const benchCol = header.findIndex((h) => BENCHMARK_HEADER.test(h));
  if (dateCol < 0 || fundCol < 0) throw new UnreadableDocumentError(origin, 'no date and NAV columns in the header');
  const fund: NavPoint[] = [];
  const benchmark: NavPoint[] = [];
  for (const row of rows.slice(1)) {
    const date = parseIsoDate(row[dateCol]);
    if (!date) continue;
    const nav = parseNumber(row[fundCol]);
    if (nav !== null && nav > 0) fund.push({ date, value: nav });
    const bench = benchCol >= 0 ? parseNumber(row[benchCol]) : null;
    if (bench !== null && bench > 0) benchmark.push({ date, value: bench });
  }
  if (fund.length === 0) throw new UnreadableDocumentError(origin, 'no NAV observations');
  return { fund: sortUnique(fund), benchmark: sortUnique(benchmark) };
}

function parseIsoDate(raw: string | undefined): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const d = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(raw) ? raw : null;
}

function parseNumber(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** Oldest first; a date seen twice keeps its last value. */
function sortUnique(points: NavPoint[]): NavPoint[] {
  const byDate = new Map(points.map((p) => [p.date, p]));
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
