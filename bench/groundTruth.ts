/**
 * The real documents of ../shared/realdocs against their eye-checked values (GROUND_TRUTH.json): what
 * the parsers read from each document, compared field by field. One implementation for the accuracy
 * report (`npm run accuracy`, bench/accuracy.ts) and the test that keeps it right (test/realdocs-pdf.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

import { parseFactsheet } from '../src/parsing/factsheet';
import { parseEpt } from '../src/parsing/findatex';
import { parseKid } from '../src/parsing/kid';
import { extractPdfText, type PdfText } from '../src/parsing/pdf/text';
import { normalisePercent } from '../src/parsing/text/numbers';

export const REALDOCS = path.resolve(__dirname, '../../shared/realdocs');
export const REALDOCS_PRESENT = fs.existsSync(path.join(REALDOCS, 'GROUND_TRUTH.json'));

export type Truth = Record<string, unknown>;

/** One compared value. */
export interface Check {
  field: string;
  expected: unknown;
  actual: unknown;
  right: boolean;
}

/** What one document was compared on. */
export interface DocumentScore {
  file: string;
  /** The document's language as the ground truth (or its file name) says; "findatex" for data files. */
  language: string;
  checks: Check[];
  /** Ground-truth keys no parser field corresponds to (reported, not scored). */
  uncovered: string[];
}

/**
 * Ground truth writes "none", "None*", "none (0 EUR)", "0 (0 USD)", "N/A" or "0.00%": each states that
 * the cost is not charged, and the parsers write "0.00%" for all of them.
 */
export function truthPercent(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^(?:none|n\/a|0)(?![\w.,])/i.test(value.trim())) return '0.00%';
  return normalisePercent(value.trim().replace(/\*+$/, ''));
}

/** Names compare with whitespace and quote styles unified. */
export function sameText(a: unknown, b: unknown): boolean {
  // Ground-truth values are JSON (strings here); parser fields are strings or null.
  const text = (v: unknown): string =>
    typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);
  const norm = (v: unknown) =>
    text(v)
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\s+/g, ' ')
      .trim();
  return a !== null && a !== undefined && norm(a) === norm(b);
}

const check = (
  field: string,
  expected: unknown,
  actual: unknown,
  equal: (e: unknown, a: unknown) => boolean = (e, a) => e === a,
): Check[] => [{ field, expected, actual, right: equal(expected, actual) }];

type Kid = ReturnType<typeof parseKid>;
type Sheet = ReturnType<typeof parseFactsheet>;

const KID_KEYS: Record<string, (t: Truth, k: Kid) => Check[]> = {
  doc_type: (t, k) => check('docType', /KIID/.test(String(t.doc_type)) ? 'kiid' : 'kid', k.docType),
  language: (t, k) => check('language', t.language, k.language),
  isin: (t, k) => check('isin', t.isin, k.isin),
  name: (t, k) => check('name', t.name, k.name, sameText),
  manufacturer: (t, k) => check('manager', t.manufacturer, k.manager, sameText),
  management_company: (t, k) => check('manager', t.management_company, k.manager, sameText),
  currency: (t, k) => check('currency', t.currency, k.currency),
  doc_date: (t, k) => check('docDate', String(t.doc_date).slice(0, 10), k.docDate),
  sri: (t, k) => check('sri', t.sri, k.sri),
  srri: (t, k) => check('srri', t.srri, k.srri),
  rhp_years: (t, k) => check('recommendedHoldingPeriodYears', t.rhp_years, k.recommendedHoldingPeriodYears),
  entry_cost: (t, k) => check('costs.entry', truthPercent(t.entry_cost), k.costs.entry),
  entry_charge: (t, k) => check('costs.entry', truthPercent(t.entry_charge), k.costs.entry),
  exit_cost: (t, k) => check('costs.exit', truthPercent(t.exit_cost), k.costs.exit),
  exit_charge: (t, k) => check('costs.exit', truthPercent(t.exit_charge), k.costs.exit),
  ongoing_mgmt_admin: (t, k) => check('costs.ongoing', truthPercent(t.ongoing_mgmt_admin), k.costs.ongoing),
  ongoing_charges: (t, k) => check('costs.ongoing', truthPercent(t.ongoing_charges), k.costs.ongoing),
  transaction_costs: (t, k) => check('costs.transaction', truthPercent(t.transaction_costs), k.costs.transaction),
  performance_fee: (t, k) => check('costs.performanceFee', truthPercent(t.performance_fee), k.costs.performanceFee),
  calendar_returns_fund: (t, k) =>
    Object.entries(t.calendar_returns_fund as Record<string, number>).flatMap(([year, value]) => {
      const at = k.calendarReturns?.years.indexOf(year) ?? -1;
      return check('calendarReturns.fund', value, at >= 0 ? k.calendarReturns?.fund[at] : undefined);
    }),
};

const FACTSHEET_KEYS: Record<string, (t: Truth, f: Sheet) => Check[]> = {
  as_of: (t, f) => check('factsheet.reportDate', t.as_of, f.reportDate),
  nav_reg_growth: (t, f) => check('factsheet.nav', t.nav_reg_growth, f.nav),
  nav_dir_growth: (t, f) =>
    check(
      'factsheet.navs',
      t.nav_dir_growth,
      f.navs.find((n) => /\bdir/i.test(n.label) && /growth/i.test(n.label))?.value,
    ),
  benchmark: (t, f) => check('factsheet.benchmark', t.benchmark, f.benchmark, sameText),
  std_dev: (t, f) => check('factsheet.volatility', t.std_dev, f.volatility),
  beta: (t, f) => check('factsheet.beta', t.beta, f.beta === null ? null : Number(f.beta)),
  sharpe: (t, f) => check('factsheet.sharpe', t.sharpe, f.sharpe === null ? null : Number(f.sharpe)),
  top5: (t, f) =>
    (t.top5 as Array<[string, number]>).flatMap(([name, weight], i) => [
      ...check('factsheet.topHoldings.name', name, f.topHoldings[i]?.name),
      ...check('factsheet.topHoldings.weight', weight, f.topHoldings[i]?.weight),
    ]),
};

/** Notes about a document, not values. */
const COMMENTARY = new Set(['quirk', 'srri_note']);

/** The PDF documents of GROUND_TRUTH.json (KIDs, KIIDs, factsheets) with their checked values. */
export function pdfTruths(): Array<[string, Truth]> {
  if (!REALDOCS_PRESENT) return [];
  const all = JSON.parse(fs.readFileSync(path.join(REALDOCS, 'GROUND_TRUTH.json'), 'utf8')) as Record<string, Truth>;
  return Object.entries(all).filter(([file]) => /^(?:kid_priips|kiid_ucits|factsheets)\/.*\.pdf$/i.test(file));
}

const texts = new Map<string, Promise<PdfText>>();

/** The text of a real PDF as the service reads a key document (with the drawn risk scale), read once per run. */
export function realText(relative: string): Promise<PdfText> {
  if (!texts.has(relative)) {
    texts.set(
      relative,
      extractPdfText(fs.readFileSync(path.join(REALDOCS, relative)), { origin: relative, riskScale: true }),
    );
  }
  return texts.get(relative)!;
}

/** Reads one document and compares every checked value. */
export async function scoreDocument(file: string, truth: Truth): Promise<DocumentScore> {
  const text = await realText(file);
  const isSheet = file.startsWith('factsheets/');
  const keys: Record<string, (t: Truth, parsed: never) => Check[]> = isSheet ? FACTSHEET_KEYS : KID_KEYS;
  const parsed = isSheet ? parseFactsheet(text) : parseKid(text);
  const checks: Check[] = [];
  const uncovered: string[] = [];
  for (const key of Object.keys(truth)) {
    if (keys[key]) checks.push(...keys[key](truth, parsed as never));
    else if (!COMMENTARY.has(key)) uncovered.push(key);
  }
  return { file, language: languageOf(file, truth), checks, uncovered };
}

/** The ground truth's language, else the language prefix of a key document's file name ("DE_ishares_..."). */
function languageOf(file: string, truth: Truth): string {
  if (typeof truth.language === 'string') return truth.language;
  const prefix = /^(?:kid_priips|kiid_ucits)\/([A-Z]{2})_/.exec(file)?.[1];
  return prefix ? prefix.toLowerCase() : 'n/a';
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The FinDatEx files of GROUND_TRUTH.json: the EPT row of the checked ISIN, field by field. */
export async function scoreFindatex(): Promise<DocumentScore[]> {
  if (!REALDOCS_PRESENT) return [];
  const all = JSON.parse(fs.readFileSync(path.join(REALDOCS, 'GROUND_TRUTH.json'), 'utf8')) as Record<string, Truth>;
  const scores: DocumentScore[] = [];
  for (const [file, truth] of Object.entries(all).filter(([f]) => /^findatex\/EPT_.*\.xlsx$/i.test(f))) {
    const rows = await parseEpt(fs.readFileSync(path.join(REALDOCS, file)), XLSX_TYPE, file);
    const row = rows.find((r) => r.isin === truth.row_isin);
    const checks: Check[] = [
      ...check('isin', truth.row_isin, row?.isin),
      ...check('name', truth.name, row?.name, sameText),
      ...check('currency', truth.currency, row?.currency),
      ...check('sri', truth.sri, row?.sri),
      ...check('mrm', truth.mrm, row?.mrm),
      ...check('recommendedHoldingPeriodYears', truth.rhp_years, row?.recommendedHoldingPeriodYears),
      ...check('costs.ongoing', truth.mgmt_admin, row?.ongoingCost),
      ...check('costs.transaction', truth.transaction, row?.transactionCost),
      ...check('kidPublicationDate', truth.kid_publication_date, row?.kidPublicationDate),
    ];
    scores.push({ file, language: 'findatex', checks, uncovered: [] });
  }
  return scores;
}

/** Every real document (the files under the folders; the manifest, README and ground truth left out), sorted. */
export function realdocFiles(dir = '.'): string[] {
  return fs
    .readdirSync(path.join(REALDOCS, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? realdocFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.includes('/'))
    .sort();
}

/** Real documents that name no fund of their own, with the fund ISIN MANIFEST.tsv gives them. */
export const GIVEN_ISINS: Record<string, string> = {
  'holdings/iShares_SWDA_holdings_2021-08-30.csv': 'IE00B4L5Y983',
  'holdings/iShares_EIMI_holdings_2021-08-30.csv': 'IE00BKM4GZ66',
  'nav_history/Captor_Iris_Bond_SE0009807308_series.json': 'SE0009807308',
};

/** Real files that are no fund document: template definitions, a comparator's figures, a price JSON without a series. */
export const NOT_DOCUMENTS = /^(?:findatex\/TEMPLATE_|scpi\/|nav_history\/etf_price_distribution_history\.json$)/;

/** The ISIN a real key document's file name carries (`EN_spdr_IE000191HKF0.pdf`, `EN_fidelity_GB00BJS8SJ34_2020-01-16.pdf`). */
export function isinInName(file: string): string | null {
  return /_([A-Z]{2}[A-Z0-9]{9}\d)(?:_|\.pdf$)/.exec(path.basename(file))?.[1] ?? null;
}
