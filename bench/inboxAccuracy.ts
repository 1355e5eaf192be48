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
  GIVEN_ISINS,
  isinInName,
  NOT_DOCUMENTS,
  realdocFiles,
  REALDOCS,
  REALDOCS_PRESENT,
  sameText,
  type Truth,
  truthPercent,
} from './groundTruth';

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
  for (const file of realdocFiles()) scores.push(await scoreFile(file, truths));
  return scores;
}
