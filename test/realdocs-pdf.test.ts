/**
 * Extraction accuracy on real published PDFs (KIDs, KIIDs, a factsheet) read in place from ../shared/realdocs.
 * Expected values come from GROUND_TRUTH.json (checked by eye); the smoke part covers every KID/KIID there.
 * A fresh clone has no ../shared, so the suite skips itself, saying so.
 */
import { ISIN_PATTERN } from '../src/domain/isin';
import fs from 'node:fs';
import path from 'node:path';
import { extractPdfText, type PdfText } from '../src/sources/pdf/text';
import { normalisePercent } from '../src/sources/text/numbers';
import { parseFactsheet } from '../src/sources/parsers/factsheet';
import { parseKid } from '../src/sources/parsers/kid';

const ROOT = path.resolve(__dirname, '../../shared/realdocs');
const PRESENT = fs.existsSync(path.join(ROOT, 'GROUND_TRUTH.json'));
if (!PRESENT) console.log(`realdocs folder absent (${ROOT}): skipping the real-document PDF accuracy tests`);
const describeRealDocs = PRESENT ? describe : describe.skip;

type Truth = Record<string, unknown>;

/** Field -> right/total over every compared value, printed after the run. */
const tally = new Map<string, { right: number; total: number }>();
/** Documents that await issue 11 are scored apart, so the figure for what the parsers support stays readable. */
const awaitingTally = new Map<string, { right: number; total: number }>();
let scoring = tally;
/** Ground-truth keys the parsers do not produce (reported, not scored). */
const notCovered = new Set<string>();

function score(field: string, right: boolean): void {
  const t = scoring.get(field) ?? { right: 0, total: 0 };
  t.total++;
  if (right) t.right++;
  scoring.set(field, t);
}

const extracted = new Map<string, Promise<PdfText>>();
function textOf(relative: string): Promise<PdfText> {
  if (!extracted.has(relative)) extracted.set(relative, extractPdfText(fs.readFileSync(path.join(ROOT, relative)), { origin: relative }));
  return extracted.get(relative)!;
}

/** Ground truth writes "none", "None*", "none (0 EUR)", "0 (0 USD)" or "0.00%"; the parsers write "0.00%" for all of them. */
function truthPercent(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^(?:none|0)\b(?![.,]\d)/i.test(value.trim())) return '0.00%';
  return normalisePercent(value.trim().replace(/\*+$/, ''));
}

/** Names compare with whitespace and quote styles unified. */
function sameText(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => String(v ?? '').replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ').trim();
  return a !== null && a !== undefined && norm(a) === norm(b);
}

/** Compares one value, scores it, and returns a description when it is wrong. */
function compare(field: string, expected: unknown, actual: unknown, equal: (e: unknown, a: unknown) => boolean = (e, a) => e === a): string[] {
  const right = equal(expected, actual);
  score(field, right);
  return right ? [] : [`${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

const KID_KEYS: Record<string, (t: Truth, k: ReturnType<typeof parseKid>) => string[]> = {
  doc_type: (t, k) => compare('docType', /KIID/.test(String(t.doc_type)) ? 'kiid' : 'kid', k.docType),
  language: (t, k) => compare('language', t.language, k.language),
  isin: (t, k) => compare('isin', t.isin, k.isin),
  name: (t, k) => compare('name', t.name, k.name, sameText),
  manufacturer: (t, k) => compare('manager', t.manufacturer, k.manager, sameText),
  management_company: (t, k) => compare('manager', t.management_company, k.manager, sameText),
  currency: (t, k) => compare('currency', t.currency, k.currency),
  doc_date: (t, k) => compare('docDate', String(t.doc_date).slice(0, 10), k.docDate),
  sri: (t, k) => compare('sri', t.sri, k.sri),
  srri: (t, k) => compare('srri', t.srri, k.srri),
  rhp_years: (t, k) => compare('recommendedHoldingPeriodYears', t.rhp_years, k.recommendedHoldingPeriodYears),
  entry_cost: (t, k) => compare('costs.entry', truthPercent(t.entry_cost), k.costs.entry),
  entry_charge: (t, k) => compare('costs.entry', truthPercent(t.entry_charge), k.costs.entry),
  exit_cost: (t, k) => compare('costs.exit', truthPercent(t.exit_cost), k.costs.exit),
  exit_charge: (t, k) => compare('costs.exit', truthPercent(t.exit_charge), k.costs.exit),
  ongoing_mgmt_admin: (t, k) => compare('costs.ongoing', truthPercent(t.ongoing_mgmt_admin), k.costs.ongoing),
  ongoing_charges: (t, k) => compare('costs.ongoing', truthPercent(t.ongoing_charges), k.costs.ongoing),
  transaction_costs: (t, k) => compare('costs.transaction', truthPercent(t.transaction_costs), k.costs.transaction),
  performance_fee: (t, k) => compare('costs.performanceFee', truthPercent(t.performance_fee), k.costs.performanceFee),
  calendar_returns_fund: (t, k) =>
    Object.entries(t.calendar_returns_fund as Record<string, number>).flatMap(([year, value]) => {
      const at = k.calendarReturns?.years.indexOf(year) ?? -1;
      return compare('calendarReturns.fund', value, at >= 0 ? k.calendarReturns?.fund[at] : undefined);
    }),
};
/** Notes about the document, not values. */
const COMMENTARY = new Set(['quirk', 'srri_note']);

const FACTSHEET_KEYS: Record<string, (t: Truth, f: ReturnType<typeof parseFactsheet>) => string[]> = {
  as_of: (t, f) => compare('factsheet.reportDate', t.as_of, f.reportDate),
  nav_reg_growth: (t, f) => compare('factsheet.nav', t.nav_reg_growth, f.nav),
  nav_dir_growth: (t, f) => compare('factsheet.navs', t.nav_dir_growth, f.navs.find((n) => /\bdir/i.test(n.label) && /growth/i.test(n.label))?.value),
  benchmark: (t, f) => compare('factsheet.benchmark', t.benchmark, f.benchmark, sameText),
  std_dev: (t, f) => compare('factsheet.volatility', t.std_dev, f.volatility),
  beta: (t, f) => compare('factsheet.beta', t.beta, f.beta === null ? null : Number(f.beta)),
  sharpe: (t, f) => compare('factsheet.sharpe', t.sharpe, f.sharpe === null ? null : Number(f.sharpe)),
  top5: (t, f) =>
    (t.top5 as Array<[string, number]>).flatMap(([name, weight], i) => [
      ...compare('factsheet.topHoldings.name', name, f.topHoldings[i]?.name),
      ...compare('factsheet.topHoldings.weight', weight, f.topHoldings[i]?.weight),
    ]),
};

function groundTruth(): Array<[string, Truth]> {
  if (!PRESENT) return [['(absent)', {}]];
  const all = JSON.parse(fs.readFileSync(path.join(ROOT, 'GROUND_TRUTH.json'), 'utf8')) as Record<string, Truth>;
  return Object.entries(all).filter(([file]) => /^(?:kid_priips|kiid_ucits|factsheets)\/.*\.pdf$/i.test(file));
}

function pdfsIn(folder: string): string[] {
  if (!PRESENT) return ['(absent)'];
  return fs
    .readdirSync(path.join(ROOT, folder))
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((f) => `${folder}/${f}`);
}

/** The fields MANIFEST.tsv's notes read automatically ("auto-read: ... SRI/SRRI=2; RHP=3; entry=0.00%; ..."). */
function manifestAutoRead(): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  if (!PRESENT) return out;
  for (const row of fs.readFileSync(path.join(ROOT, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1)) {
    const cols = row.split('\t');
    const note = cols[cols.length - 1] ?? '';
    if (!/auto-read:/.test(note)) continue;
    const fields: Record<string, string> = {};
    for (const m of note.matchAll(/([\w/]+)=([^;]+)/g)) fields[m[1]] = m[2].trim();
    out.set(cols[0], fields);
  }
  return out;
}

/**
 * Real documents that need what issue 11 builds (KIDs in German; an SRRI shown only as a shaded box).
 * They run as `it.failing`: each is expected to fail today, and the day one reads right the test
 * fails, asking for it to leave this list. Nothing here is hidden or skipped.
 */
const AWAITING_ISSUE_11 = new Map<string, string>([
  ['kiid_ucits/EN_fidelity_GB00BJS8SJ34_2020-01-16.pdf', 'SRRI drawn as a shaded box; name split by the layout'],
  ['kiid_ucits/EN_fidelity_GB00BJS8SJ34_2021-06-16.pdf', 'SRRI drawn as a shaded box; name split by the layout'],
]);
const awaiting = <T extends [string, ...unknown[]]>(rows: T[]) => rows.filter(([f]) => AWAITING_ISSUE_11.has(f));
const supported = <T extends [string, ...unknown[]]>(rows: T[]) => rows.filter(([f]) => !AWAITING_ISSUE_11.has(f));

describeRealDocs('real PDFs against GROUND_TRUTH.json', () => {
  afterAll(() => {
    const width = Math.max(...[...tally.keys()].map((k) => k.length), 5);
    const rows = [...tally.entries()].map(([field, t]) => `${field.padEnd(width)}  ${t.right}/${t.total}`);
    const sum = (m: typeof tally) => [...m.values()].reduce((a, t) => ({ right: a.right + t.right, total: a.total + t.total }), { right: 0, total: 0 });
    const total = sum(tally);
    const awaitingTotal = sum(awaitingTally);
    console.log(
      [
        'Eye-checked accuracy (field -> right/total):',
        ...rows,
        `${'ALL'.padEnd(width)}  ${total.right}/${total.total}`,
        `Documents awaiting issue 11 (${AWAITING_ISSUE_11.size}, not in ALL): ${awaitingTotal.right}/${awaitingTotal.total}`,
        `Ground-truth keys outside the parsers' fields (not scored): ${[...notCovered].sort().join(', ') || 'none'}`,
      ].join('\n'),
    );
  });

  async function checkKid(file: string, truth: Truth): Promise<void> {
    const kid = parseKid(await textOf(file));
    scoring = AWAITING_ISSUE_11.has(file) ? awaitingTally : tally;
    const wrong: string[] = [];
    for (const key of Object.keys(truth)) {
      if (KID_KEYS[key]) wrong.push(...KID_KEYS[key](truth, kid));
      else if (!COMMENTARY.has(key)) notCovered.add(key);
    }
    expect(wrong).toEqual([]);
  }
  const kidTruths = groundTruth().filter(([f]) => !f.startsWith('factsheets/'));
  it.each(supported(kidTruths))('%s', checkKid);
  if (awaiting(kidTruths).length > 0) it.failing.each(awaiting(kidTruths))('%s (awaits issue 11)', checkKid);

  it.each(groundTruth().filter(([f]) => f.startsWith('factsheets/')))('%s', async (file, truth) => {
    const sheet = parseFactsheet(await textOf(file));
    scoring = tally;
    const wrong: string[] = [];
    for (const key of Object.keys(truth)) {
      if (FACTSHEET_KEYS[key]) wrong.push(...FACTSHEET_KEYS[key](truth, sheet));
      else notCovered.add(key);
    }
    expect(wrong).toEqual([]);
  });
});

describeRealDocs('smoke: every KID and KIID', () => {
  const agreement = new Map<string, { same: number; total: number }>();
  const autoRead = manifestAutoRead();

  afterAll(() => {
    const rows = [...agreement.entries()].map(([f, t]) => `${f.padEnd(14)}  ${t.same}/${t.total}`);
    console.log(['Agreement with MANIFEST auto-read values (unverified, informational):', ...rows].join('\n'));
  });

  /** Informational only: the manifest's automatic reading is not a reference. */
  function agree(field: string, expected: string | undefined, actual: string | number | null): void {
    if (expected === undefined || /^none$/i.test(expected)) return;
    const norm = (v: string) => (/^0 \(none\)$/.test(v) ? '0.00%' : (normalisePercent(v) ?? v));
    const t = agreement.get(field) ?? { same: 0, total: 0 };
    t.total++;
    if (actual !== null && norm(expected) === String(actual)) t.same++;
    agreement.set(field, t);
  }

  async function smoke(file: string): Promise<void> {
    const kid = parseKid(await textOf(file));
    // Names are <LANG>_<manager>_<ISIN>[_<document date>].pdf
    const isinInName = new RegExp(`_(${ISIN_PATTERN})(?:_\\d{4}-\\d{2}-\\d{2})?\\.pdf$`).exec(file)?.[1];
    expect(kid.isin).toBe(isinInName);
    expect(kid.name).toBeTruthy();
    expect(kid.docDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (file.startsWith('kid_priips/')) {
      expect(kid.docType).toBe('kid');
      expect(kid.sri).toBeGreaterThanOrEqual(1);
      expect(kid.sri).toBeLessThanOrEqual(7);
      expect(kid.recommendedHoldingPeriodYears).toBeGreaterThan(0);
      expect(kid.costs.ongoing).toMatch(/%$/);
      expect(kid.costs.riy1y).toMatch(/%$/);
      expect(kid.costs.riyRhp).toMatch(/%$/);
    } else {
      expect(kid.docType).toBe('kiid');
      expect(kid.srri).toBeGreaterThanOrEqual(1);
      expect(kid.srri).toBeLessThanOrEqual(7);
      expect(kid.costs.ongoing).toMatch(/%$/);
    }

    const auto = autoRead.get(file);
    if (auto) {
      agree('risk class', auto['SRI/SRRI'], kid.sri ?? kid.srri);
      agree('rhp', auto.RHP, kid.recommendedHoldingPeriodYears);
      agree('entry', auto.entry, kid.costs.entry);
      agree('exit', auto.exit, kid.costs.exit);
      agree('ongoing', auto.ongoing, kid.costs.ongoing);
      agree('transaction', auto.transaction, kid.costs.transaction);
      agree('performanceFee', auto.perf, kid.costs.performanceFee);
    }
  }
  const files = [...pdfsIn('kid_priips'), ...pdfsIn('kiid_ucits')].map((f): [string] => [f]);
  it.each(supported(files))('%s', smoke);
  if (awaiting(files).length > 0) it.failing.each(awaiting(files))('%s (awaits issue 11)', smoke);
});
