import type { Hit } from '../text/hits';
import type { LineIndex } from '../text/lines';
import { parseDecimal } from '../text/numbers';

/**
 * The past-performance bar chart of a UCITS KIID (PRIIPs KIDs publish these figures separately).
 * Patterns follow the LINEAR TIME rules of parsers/kid.ts: the text comes from outside.
 */

/** Calendar-year returns in percent, oldest year first; years before the fund's first figure are dropped. */
export interface CalendarReturns {
  years: string[];
  fund: number[];
  /** Aligned with `years`; null where the document gives no benchmark figure. */
  benchmark: Array<number | null>;
}

const YEAR = /^(?:19|20)\d{2}$/;
const RETURN_TOKEN = /^[-−–]?\d{1,3}(?:[.,]\d{1,2})?%?$/;
const MISSING_TOKEN = /^(?:[-–—]|n\/a|n\.a\.)$/i;

/**
 * The chart's data table: a line of years, then the fund's line and the benchmark's line of figures
 * ("Fund 9.7 1.8 -24.0 ...", "Target †¹ 10.0 ..."). A fund launched inside the window prints fewer figures:
 * they belong to the latest years, so rows are aligned to the right.
 */
export function findCalendarReturns(doc: LineIndex): Hit<CalendarReturns> | null {
  for (let i = 0; i < doc.lines.length; i++) {
    const years = doc.lines[i].text.split(/\s+/);
    if (years.length < 2 || !years.every((y) => YEAR.test(y))) continue;
    const rows = doc.lines
      .slice(i + 1, i + 4)
      .map((l) => figuresOf(l.text, years.length))
      .filter((r): r is Array<number | null> => r !== null);
    if (rows.length === 0) continue;
    const [fund, benchmark = []] = rows;
    // Years without a fund figure (before launch, or a gap) carry nothing to report.
    const kept = years
      .map((year, k) => ({ year, fund: fund[k], benchmark: benchmark[k] ?? null }))
      .filter((y) => y.fund !== null);
    if (kept.length === 0) continue;
    if (Number(kept[0].year) > Number(kept[kept.length - 1].year)) kept.reverse(); // oldest first
    return {
      value: {
        years: kept.map((y) => y.year),
        fund: kept.map((y) => y.fund as number),
        benchmark: kept.map((y) => y.benchmark),
      },
      page: doc.lines[i].page,
    };
  }
  return null;
}

/** The figures of a "Label 1.2 -3.4 ..." row, right-aligned to `count` years; null when the line is not such a row. */
function figuresOf(text: string, count: number): Array<number | null> | null {
  const tokens = text.replace(/(?<!\s)\s+%/g, '%').split(/\s+/); // French "12,5 %"; (?<!\s): see LINEAR TIME
  let start = tokens.length;
  while (start > 0 && (RETURN_TOKEN.test(tokens[start - 1]) || MISSING_TOKEN.test(tokens[start - 1]))) start--;
  const figures = tokens.slice(start);
  if (figures.length === 0 || figures.length > count || start === 0 || !/\p{L}/u.test(tokens.slice(0, start).join(' ')))
    return null;
  const values = figures.map((t) =>
    MISSING_TOKEN.test(t) ? null : parseDecimal(t.replace(/[−–]/, '-').replace('%', '')),
  );
  return [...Array<null>(count - values.length).fill(null), ...values];
}
