import type { Hit } from '../text/hits';
import type { TextLine } from '../text/lines';
import { parseDecimal } from '../text/numbers';
import { layoutCells, type Views } from './views';

/**
 * The NAV of a factsheet: a labelled "NAV: 123.45", else the plan/option rows of its NAV table.
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts (see factsheet.ts for layout lines).
 */

const NAV_NUMBER = String.raw`(\d{1,7}(?:,\d{3})*\.\d{1,6}|\d{1,7}[.,]\d{1,6})`;

export interface NavRow {
  label: string;
  value: number;
  page: number;
}

/** A labelled "NAV: 123.45" (one line), else the rows of the NAV table. */
export function findNavs(views: Views): Hit<NavRow[]> | null {
  // One blank run per optional part: see LINEAR TIME in kid.ts.
  const direct = new RegExp(
    String.raw`\b(?:NAV|net asset value|valeur liquidative)(?: per (?:share|unit))?\s*:\s*(?:(?:[A-Z]{3}|[€$£₹\x60])\s*)?${NAV_NUMBER}(?![\d/.-])`,
    'i',
  );
  for (const line of views.reading) {
    const m = direct.exec(line.text);
    const n = m ? parseDecimal(m[1]) : null;
    if (n !== null) return { value: [{ label: 'NAV', value: n, page: line.page }], page: line.page };
  }
  const rows = views.layout.length > 0 ? navTableRows(views.layout) : [];
  const all = rows.length > 0 ? rows : navColumnRows(views.reading);
  return all.length > 0 ? { value: all, page: all[0].page } : null;
}

/** Of several plans, the regular growth/accumulation line is the fund's headline NAV. */
export function headlineNav(rows: NavRow[]): number {
  const rank = (label: string) =>
    (/growth|\bacc|capitali/i.test(label) ? 0 : 2) + (/\bdir(?:ect)?\b|institutional|\binst\b/i.test(label) ? 1 : 0);
  return rows.reduce((a, b) => (rank(b.label) < rank(a.label) ? b : a)).value;
}

/** Words that name a share class, plan or option; a NAV table row label carries one of them. */
const PLAN_WORD =
  /plan|option|class|growth|idcw|dividend|\bacc|\bdist|capitali|direct|regular|institutional|retail|\bunits?\b|\bshares?\b|\bparts?\b/i;

/** A plan/option label: a few words naming a class, not a date, not a column header. */
function isPlanLabel(text: string): boolean {
  return (
    PLAN_WORD.test(text) &&
    !/^\d/.test(text) &&
    text.split(/\s+/).length <= 6 &&
    !/^(?:option|plan|nav\b|record date)s?$/i.test(text)
  );
}

const NAV_HEADING = /^(?:net asset value|NAV)\b/i;
const MAX_CELLS = 20;

/** Layout rows under the NAV heading: the first "label  number" pair of cells on each line. */
function navTableRows(lines: TextLine[]): NavRow[] {
  // The heading opens a cell: "% to NAV", a holdings column header on Indian factsheets, is not a NAV table.
  const start = lines.findIndex((l) => layoutCells(l.text, MAX_CELLS).some((c) => NAV_HEADING.test(c.text)));
  if (start < 0) return [];
  const number = new RegExp(`^${NAV_NUMBER}$`);
  const rows: NavRow[] = [];
  for (const line of lines.slice(start + 1, start + 16)) {
    const cells = line.text.trim().split(/\s{2,}/);
    for (let k = 0; k + 1 < cells.length; k++) {
      if (!isPlanLabel(cells[k]) || !number.test(cells[k + 1])) continue;
      const value = parseDecimal(cells[k + 1]);
      if (value !== null) rows.push({ label: cells[k], value, page: line.page });
      break; // a neighbouring table (dividends, "LAST IDCW") may follow on the same line
    }
  }
  return rows;
}

/**
 * Reading order prints a NAV table column by column: the plan labels, then as many numbers. Pair them
 * when a run of label lines is followed by a run of exactly as many number lines.
 */
function navColumnRows(lines: TextLine[]): NavRow[] {
  const number = new RegExp(`^${NAV_NUMBER}$`);
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j < lines.length && isPlanLabel(lines[j].text)) j++;
    const labels = lines.slice(i, j);
    if (labels.length < 2) continue;
    const values = lines.slice(j, j + labels.length);
    if (values.length === labels.length && values.every((v) => number.test(v.text))) {
      return labels
        .map((l, k) => ({ label: l.text, value: parseDecimal(values[k].text) ?? NaN, page: l.page }))
        .filter((r) => Number.isFinite(r.value));
    }
    i = j;
  }
  return [];
}
