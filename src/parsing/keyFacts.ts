import type { PdfText } from './pdf/text';
import type { Hit } from './text/hits';

/**
 * Labelled key facts of a factsheet ("Asset class: Equity", "Distribution policy  Accumulating"),
 * the block most single-fund factsheets print beside their charts. Only labels we know are read;
 * the first occurrence wins; the page is recorded.
 */
export type KeyFactHit = Hit<string>;

export type KeyFactName =
  | 'assetClass'
  | 'securityType'
  | 'shareClass'
  | 'currency'
  | 'distribution'
  | 'holdings'
  | 'peRatio'
  | 'yieldToMaturity'
  | 'modifiedDuration'
  | 'effectiveDuration'
  | 'averageRating'
  | 'sevenDayYield'
  | 'wam'
  | 'wal'
  | 'incomeYield'
  | 'managerTenure'
  | 'ter';

const LABELS: Record<KeyFactName, RegExp> = {
  assetClass: /^(asset class|classe d'actifs)$/i,
  securityType: /^(security type|legal structure|fund type|legal form|type of fund)$/i,
  shareClass: /^(share class|classe de parts|unit class)$/i,
  currency: /^(fund currency|share class currency|base currency|currency|devise)$/i,
  distribution: /^(distribution policy|income treatment|use of income|dividend policy|distribution)$/i,
  holdings: /^(number of holdings|no\. of holdings|holdings|nombre de lignes)$/i,
  peRatio: /^(p\/e ratio|price\/earnings|p\/e)$/i,
  yieldToMaturity: /^(yield to maturity|ytm)$/i,
  modifiedDuration: /^(modified duration)$/i,
  effectiveDuration: /^(effective duration|duration)$/i,
  averageRating: /^(average (credit )?rating)$/i,
  sevenDayYield: /^(7[- ]day yield|seven[- ]day yield)$/i,
  wam: /^(wam|weighted average maturity)$/i,
  wal: /^(wal|weighted average life)$/i,
  incomeYield: /^(distribution yield|dividend yield|income yield)$/i,
  managerTenure: /^(manager tenure|managed since|fund manager since)$/i,
  ter: /^(ongoing charges?( \((ter|ocf)\))?|ter|total expense ratio|ongoing charges figure|ocf|frais courants)$/i,
};

/**
 * "Label: value" or "Label<2+ spaces>value" on one (trimmed) line. Linear: the label is bounded and the
 * gap after it has one reading per label length (a lazy value before \s*$ would rescan every inner run
 * of blanks from each of its characters).
 */
const LABELLED_LINE = /^([A-Za-zÀ-ÿ'’./()0-9 -]{2,40}?)(?:\s*:\s*|\s{2,})(\S.*)$/;

/**
 * A key fact is a short value ("0.20%", "7.3 years", "EUR 1.2bn"); a longer one is not a key fact, and capping it keeps
 * the rules that read it cheap.
 */
const MAX_VALUE_CHARS = 200;

export function readKeyFacts(text: PdfText): Partial<Record<KeyFactName, KeyFactHit>> {
  const found: Partial<Record<KeyFactName, KeyFactHit>> = {};
  text.pages.forEach((pageText, i) => {
    for (const line of pageText.split('\n')) {
      const match = LABELLED_LINE.exec(line.trim());
      if (!match) continue;
      const label = match[1].trim();
      const name = (Object.keys(LABELS) as KeyFactName[]).find((k) => LABELS[k].test(label));
      const value = match[2].trim();
      if (name && !found[name] && value.length <= MAX_VALUE_CHARS) found[name] = { value, page: i + 1 };
    }
  });
  return found;
}
