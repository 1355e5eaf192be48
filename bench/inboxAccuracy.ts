/**
 * The real documents of ../shared/realdocs through the inbox path, without a stack: each file identified by its
 * content alone (as the ingestion workflow does, file name ignored), then the fund built from what was identified
 * as a fund load builds it (sources/extract.ts), and compared with GROUND_TRUTH.json: the kind and the ISINs it is
 * filed under, and the values the fund then answers (name, risk class, costs, date, top holdings). What is not a
 * fund document must be refused. `npm run accuracy` prints it after the parsers' own accuracy.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { IdentifiedDocument } from '../src/parsing/identify';
import { identifyDocument } from '../src/parsing/identify';
import { parseDocument } from '../src/parsing/pool/document';
import type { FundData } from '../src/schema/fund';
import { extractFundData } from '../src/sources/extract';
import {
  type Check,
  type DocumentScore,
  REALDOCS,
  REALDOCS_PRESENT,
  sameText,
  type Truth,
  truthPercent,
} from './groundTruth';

/** Files that name no fund of their own, with the ISIN MANIFEST.tsv gives them (as an operator's folder would). */
const GIVEN_ISINS: Record<string, string> = {
  'holdings/iShares_SWDA_holdings_2021-08-30.csv': 'IE00B4L5Y983',
  'holdings/iShares_EIMI_holdings_2021-08-30.csv': 'IE00BKM4GZ66',
};

/** Not fund documents: template definitions, a comparator's figures, a price JSON without a series. */
const NOT_DOCUMENTS = /^(?:findatex\/TEMPLATE_|scpi\/|nav_history\/etf_price_distribution_history\.json$)/;

function expectedKind(file: string): string | null {
  if (NOT_DOCUMENTS.test(file)) return null;
  if (file.startsWith('kid_priips/')) return 'kid';
  if (file.startsWith('kiid_ucits/')) return 'kiid';
  if (file.startsWith('factsheets/')) return 'factsheet';
  if (file.startsWith('holdings/')) return 'holdings';
  if (file.startsWith('nav_history/')) return 'nav';
  if (/^findatex\/EPT_/.test(file)) return 'ept';
  if (/^findatex\/TPT/.test(file)) return 'tpt';
  return null;
}

/** The ISIN a key document's file name carries (`EN_spdr_IE000191HKF0.pdf`). */
function isinInName(file: string): string | null {
  return /_([A-Z]{2}[A-Z0-9]{9}\d)(?:_|\.)/.exec(path.basename(file))?.[1] ?? null;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(REALDOCS, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.includes('/') && !/\.(md|tsv)$/.test(f))
    .sort();
}

const check = (
  field: string,
  expected: unknown,
  actual: unknown,
  equal = (e: unknown, a: unknown) => e === a,
): Check => ({
  field,
  expected,
  actual,
  right: equal(expected, actual),
});

/** The values the fund answers, against what the ground truth says of its document. */
function valueChecks(file: string, truth: Truth | undefined, data: FundData, name: string | null): Check[] {
  if (!truth) return [];
  const checks: Check[] = [];
  if (typeof truth.name === 'string') checks.push(check('name', truth.name, name, sameText));
  const risk = truth.sri ?? truth.srri;
  if (typeof risk === 'number') checks.push(check('riskRating', risk, data.riskRating));
  const ongoing = truthPercent(truth.ongoing_mgmt_admin ?? truth.ongoing_charges);
  if (ongoing) checks.push(check('costs.ongoing', ongoing, data.costs.ongoing));
  const transaction = truthPercent(truth.transaction_costs);
  if (transaction) checks.push(check('costs.transaction', transaction, data.costs.transaction));
  const top = (truth.top5 ?? truth.top4) as Array<[string, ...unknown[]]> | undefined;
  if (top) {
    const weight = top[0].at(-1);
    checks.push(check('topHoldings[0].weight', weight, data.topHoldings[0]?.weight));
  }
  return checks;
}

async function scoreFile(file: string, truths: Record<string, Truth>): Promise<DocumentScore> {
  const expected = expectedKind(file);
  const identified = await identifyDocument(fs.readFileSync(path.join(REALDOCS, file)));
  const checks: Check[] = [];
  if (!identified.ok) {
    checks.push(check('kind', expected ?? 'refused', 'refused'));
    return { file, language: 'inbox', checks, uncovered: [] };
  }
  const docs: IdentifiedDocument[] = identified.documents;
  checks.push(check('kind', expected ?? 'refused', docs.map((d) => d.kind).join('+')));
  const ownIsin = isinInName(file);
  if (ownIsin && /^(kid_priips|kiid_ucits)\//.test(file))
    checks.push(check('isins', ownIsin, docs.flatMap((d) => d.isins).join(',')));
  const truth = truths[file];
  const fundIsin = GIVEN_ISINS[file] ?? docs[0].isins[0] ?? (truth?.row_isin as string | undefined) ?? null;
  if (!fundIsin || !truth) return { file, language: 'inbox', checks, uncovered: [] };
  const loaded = docs.map((d, i) => ({
    ref: {
      sha256: String(i).padStart(64, '0'),
      kind: d.kind,
      mediaType: d.mediaType,
      origin: file,
      retrievedAt: '',
      size: d.content.length,
    },
    content: d.content,
  }));
  const target = (truth.row_isin as string | undefined) ?? fundIsin;
  const fund = await extractFundData(target, loaded, { parse: parseDocument });
  checks.push(...valueChecks(file, truth, fund.data, fund.name));
  return { file, language: 'inbox', checks, uncovered: [] };
}

/** Every real document through identification and a fund's extraction; none when the folder is absent. */
export async function scoreInbox(): Promise<DocumentScore[]> {
  if (!REALDOCS_PRESENT) return [];
  const truths = JSON.parse(fs.readFileSync(path.join(REALDOCS, 'GROUND_TRUTH.json'), 'utf8')) as Record<string, Truth>;
  const scores: DocumentScore[] = [];
  for (const file of filesUnder('.')) scores.push(await scoreFile(file, truths));
  return scores;
}
