/**
 * The one decimal reader of the code base: numbers as documents, data files and payloads print them
 * (English and French notations, thousands marks, missing markers). The parsers reach it through
 * the text kit (src/sources/text/numbers.ts); the profile rules use it directly.
 */

const MISSING = new Set([
  '',
  '-',
  '--',
  '---',
  '—',
  '–',
  'n/a',
  'na',
  'n.a.',
  'nan',
  'null',
  'none',
  'nd',
  'n.d.',
  '#n/a',
  '#value!',
]);

/** Markers providers print for "no value"; they read as null, never as zero. */
export function isMissing(raw: unknown): boolean {
  if (raw === null || raw === undefined) return true;
  if (typeof raw === 'number') return !Number.isFinite(raw);
  return typeof raw === 'string' && MISSING.has(raw.trim().toLowerCase());
}

export interface DecimalOptions {
  /**
   * True when the file writes decimals with a comma ("0,25"). Undefined lets each value decide:
   * a lone comma followed by exactly three digits after a non-zero lead ("1,234") is a thousands
   * separator, any other lone comma ("0,25", "27,2480") is a decimal mark.
   */
  decimalComma?: boolean;
}

/**
 * Linear: \d+(?:\.\d*)? reads a run of digits one way; \d+\.?\d* would split it at every digit (quadratic on
 * 1 MB of digits).
 */
const PLAIN_NUMBER = /^-?(\d+(?:\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number as printed: quotes, thousands separators (",", ".", space, apostrophe), decimal
 * commas, "%" and currency signs, a leading unicode minus or accounting parentheses. Null for
 * missing markers and anything that is not a number.
 */
export function parseDecimal(raw: unknown, options: DecimalOptions = {}): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  let text = raw
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
  if (isMissing(text)) return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  text = text.replace(/[\s\u00a0\u202f'’%$€£¥]/g, '').replace(/^[−–]/, '-');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (/^[-+]/.test(text)) return null; // "--1", "+-2": not a number
  const normalised = normaliseSeparators(text, options.decimalComma);
  if (normalised === null || !PLAIN_NUMBER.test(normalised)) return null;
  const n = Number(normalised);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** Rewrites the digits so that "." is the only decimal mark and no grouping remains. */
function normaliseSeparators(text: string, decimalComma: boolean | undefined): string | null {
  const commas = (text.match(/,/g) ?? []).length;
  const dots = (text.match(/\./g) ?? []).length;
  if (commas > 0 && dots > 0) {
    // Both present: whichever comes last is the decimal mark ("1.234,56" or "1,234.56").
    return text.lastIndexOf(',') > text.lastIndexOf('.')
      ? text.replace(/\./g, '').replace(',', '.')
      : text.replace(/,/g, '');
  }
  if (commas > 1) return /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : null;
  if (dots > 1) return /^\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '') : null;
  if (commas === 1) {
    if (decimalComma === true) return text.replace(',', '.');
    if (decimalComma === false) return text.replace(',', '');
    return /^[1-9]\d{0,2},\d{3}$/.test(text) ? text.replace(',', '') : text.replace(',', '.');
  }
  return text;
}
