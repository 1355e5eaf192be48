import { findAum } from './factsheet/aum';
import {
  BENCHMARK_LABEL,
  BETA_LABEL,
  dateValue,
  freeText,
  INCEPTION_LABEL,
  labelled,
  percentValue,
  ratioValue,
  REPORT_LABEL,
  SHARPE_LABEL,
  TER_LABEL,
  VOLATILITY_LABEL,
} from './factsheet/labelled';
import { findNavs, headlineNav } from './factsheet/nav';
import { findSectors, findTopHoldings, type WeightedLabel, type WeightedName } from './factsheet/tables';
import { findTerByClass, headlineTer, type ShareClassTer } from './factsheet/ter';
import { type Views, viewsOf } from './factsheet/views';
import type { PdfText } from './pdf/text';
import { DATE, parsePrintedDate } from './text/dates';
import { fieldPages, type Hit } from './text/hits';
import { firstIsin } from './text/isin';
import type { TextLine } from './text/lines';

export { readHoldings, readWeightedColumns, TOP_HOLDINGS } from './factsheet/tables';

/**
 * Reads a single-fund factsheet from its text layer.
 *
 * Factsheets have no regulated template, so everything is a labelled value ("Benchmark:", "Beta : 0.83")
 * or a table of "name  weight" rows under a heading. Labelled values are read from the reading-order text;
 * tables are read from the layout text when there is one, because it keeps side-by-side columns apart
 * (reading order can interleave the two halves of a two-column holdings table).
 *
 * Every pattern runs in time linear in the text, which comes from outside: the rules are those of LINEAR TIME
 * in kid.ts. Layout lines keep their runs of spaces (columns), so patterns over them never let two
 * quantifiers share a run, and a pattern that starts with a run starts at its first character.
 *
 * This module reads the identity, the report date and picks the TER; factsheet/ holds the labelled values,
 * the AUM, the NAV table, the plans' TERs and the weighted tables (holdings, sectors, their subtotals).
 */

export interface FactsheetFields {
  name: string | null;
  isin: string | null;
  manager: string | null;
  benchmark: string | null;
  /**
   * Assets under management as printed, with currency and unit ("₹ 23,686.45 Crores", "INR 2,525 Cr",
   * "512,3 Mio. EUR"), blanks made single; a unit printed in the label ("AUM (INR Cr) 2,525") is written
   * with the figure ("INR 2,525 Cr"). Never a monthly average.
   */
  aum: string | null;
  inception: string | null;
  reportDate: string | null;
  /** The headline NAV: a labelled NAV, else the regular plan's growth/accumulation line of the NAV table. */
  nav: number | null;
  /** Every NAV line read, by plan/option label as printed ("Dir-Plan-Growth"). */
  navs: Array<{ label: string; value: number }>;
  /** Largest positions, heaviest first (at most TOP_HOLDINGS); asset-class and sector subtotal rows are not positions. */
  topHoldings: WeightedName[];
  sector: WeightedLabel[];
  /**
   * The expense ratio (TER / ongoing charges), normalised as "1.62%": the one printed for the fund, or with
   * several plans the headline one of terByClass (the regular plan, else the first).
   */
  ter: string | null;
  /**
   * Every plan or share class the factsheet gives its own expense ratio, in printed order: "Regular Plan
   * 1.62%, Direct Plan 0.85%", or the rows of a share-class table with ISIN and TER / ongoing charges
   * columns; figures normalised as `ter` is. Empty when the factsheet prints one TER for the fund (that is
   * `ter`) or none. With several, `ter` is the regular plan's, else the first's.
   * To report the share class asked for, choose the entry whose `isin` equals the ISIN asked; else the one
   * whose `label` names the class asked (for an Indian fund, the Direct or Regular plan its ISIN belongs
   * to, growth and IDCW options sharing the plan's TER); else keep `ter`. Put the other entries in
   * provenance, never in `ter`.
   */
  terByClass: ShareClassTer[];
  /** Annualised standard deviation / volatility as printed ("11.00%"). */
  volatility: string | null;
  sharpe: string | null;
  beta: string | null;
  /** 1-based page where each filled field was found. */
  pages: Record<string, number>;
}

export function parseFactsheet(text: PdfText): FactsheetFields {
  const views = viewsOf(text);
  const { pages, take } = fieldPages();
  const takeList = <T>(field: string, hit: Hit<T[]> | null): T[] =>
    take(field, hit && hit.value.length > 0 ? hit : null) ?? [];

  const navs = findNavs(views);
  const terByClass = findTerByClass(views);
  return {
    name: take('name', findFundName(views.reading)),
    isin: take('isin', findIsin(views.reading)),
    manager: take('manager', findManager(views.reading)),
    benchmark: take('benchmark', labelled(views, BENCHMARK_LABEL, freeText, true)),
    aum: take('aum', findAum(views)),
    inception: take('inception', labelled(views, INCEPTION_LABEL, dateValue)),
    reportDate: take('reportDate', findReportDate(views)),
    nav: take('nav', navs && { value: headlineNav(navs.value), page: navs.page }),
    navs: takeList(
      'navs',
      navs && { value: navs.value.map(({ label, value }) => ({ label, value })), page: navs.page },
    ),
    topHoldings: takeList('topHoldings', findTopHoldings(views)),
    sector: takeList('sector', findSectors(views)),
    ter: take('ter', findTer(views, terByClass)),
    terByClass: takeList('terByClass', terByClass),
    volatility: take('volatility', labelled(views, VOLATILITY_LABEL, percentValue)),
    sharpe: take('sharpe', labelled(views, SHARPE_LABEL, ratioValue)),
    beta: take('beta', labelled(views, BETA_LABEL, ratioValue)),
    pages,
  };
}

// ---------------------------------------------------------------------------------------------
// Identification
// ---------------------------------------------------------------------------------------------

/** Linear: the parenthesis is bounded; unbounded, each "fund (" of a long line without ")" would scan to its end. */
const FUND_WORD = /\b(?:fund|fonds|etf|sicav|portfolio|trust|fcp)(?:\s*\([^)]{0,80}\))?$/i;

/**
 * A labelled name, else the first short title-case line ending in "Fund"/"ETF"/... Mixed-case candidates
 * win over all-caps ones, which on factsheets are usually category banners ("EQUITY-FLEXICAP FUND").
 */
function findFundName(lines: TextLine[]): Hit<string> | null {
  const label = /^(?:fund name|name of (?:the )?fund|scheme name|nom du fonds)\s*:\s*(\S.*)$/i; // (\S.*): see LINEAR TIME in kid.ts
  for (const line of lines) {
    const m = label.exec(line.text);
    if (m) return { value: m[1].trim(), page: line.page };
  }
  const candidates = lines.filter(
    (l) => l.text.split(/\s+/).length <= 10 && FUND_WORD.test(withoutClassSuffix(l.text)) && isTitleCase(l.text),
  );
  const mixed = candidates.find((l) => l.text !== l.text.toUpperCase());
  const chosen = mixed ?? candidates[0];
  return chosen ? { value: chosen.text, page: chosen.page } : null;
}

/** "Global Equity Fund Acc", "... ETF (Dist)", "... Fund - A EUR Acc": the share-class tail after the fund word. */
// (?<!\s): tried from the first blank of a run only, not from each of its blanks.
const CLASS_SUFFIX =
  /(?<!\s)\s+(?:-\s*)?\(?(?:[A-Z]\d?\s+)?(?:(?:EUR|USD|GBP|CHF|JPY)\s+)?(?:acc|accumulating|accumulation|dist|distributing|distribution|inc|income)\)?\.?$/i;

function withoutClassSuffix(text: string): string {
  return text.replace(CLASS_SUFFIX, '');
}

/**
 * Names capitalise every significant word ("SBI Flexicap Fund", "iShares Core MSCI World UCITS ETF"); prose does not.
 */
function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/);
  return (
    words.every((w) => w.length <= 3 || /^[\p{Lu}\d(&]|^\p{Ll}\p{Lu}/u.test(w)) &&
    /^[\p{Lu}\d]|^\p{Ll}\p{Lu}/u.test(words[0])
  );
}

function findIsin(lines: TextLine[]): Hit<string> | null {
  for (const line of lines) {
    const found = firstIsin(line.text);
    if (found) return { value: found.isin, page: line.page };
  }
  return null;
}

/** "Fund Manager: A, B (Co fund Manager)": a list that ends in a comma continues on the next line. */
function findManager(lines: TextLine[]): Hit<string> | null {
  // (\S.*|): the blanks after the colon have one reading (see LINEAR TIME in kid.ts); the value may be empty.
  const label =
    /^(?:[•·\-*]\s*)?(?:fund managers?|portfolio managers?|investment manager|management company|managers?|g[ée]rants?|soci[ée]t[ée] de gestion)\s*:\s*(\S.*|)$/i;
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i].text);
    if (!m) continue;
    let value = m[1].trim();
    for (let j = i + 1; j < lines.length && (value === '' || /[,&]$|\band$/.test(value)) && j <= i + 3; j++)
      value = `${value} ${lines[j].text}`.trim();
    // Linear: tried from a blank run's first character only, and "(since ...)" is bounded (unbounded, each
    // "(since" of a long value without ")" would scan to its end).
    value = value
      .replace(/(?<!\s)\s*\((?:co[- ]?fund manager|co-manager|lead manager|since [^)]{0,80})\)/gi, '')
      .replace(/[,;]\s*$/, '')
      .trim();
    if (value) return { value, page: lines[i].page };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Report date and expense ratio
// ---------------------------------------------------------------------------------------------

function findReportDate(views: Views): Hit<string> | null {
  const labelledDate = labelled(views, REPORT_LABEL, dateValue);
  if (labelledDate) return labelledDate;
  const asOf = new RegExp(`\\b(?:as (?:on|of|at)|au)\\s*(?::\\s*)?(${DATE})`, 'i'); // one blank run per optional part
  for (const line of views.reading) {
    const m = asOf.exec(line.text);
    const iso = m ? parsePrintedDate(m[1]) : null;
    if (iso) return { value: iso, page: line.page };
  }
  return null;
}

/**
 * The fund's one printed TER when the factsheet gives one (or one plan's), else the headline plan of
 * several (headlineTer: the regular plan, else the first).
 */
function findTer(views: Views, byClass: Hit<ShareClassTer[]> | null): Hit<string> | null {
  if (byClass && byClass.value.length >= 2) return { value: headlineTer(byClass.value).ter, page: byClass.page };
  const single = labelled(views, TER_LABEL, percentValue);
  if (single || !byClass) return single;
  return { value: byClass.value[0].ter, page: byClass.page };
}
