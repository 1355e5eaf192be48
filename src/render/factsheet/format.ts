import type { FactsheetLanguage } from '../../domain/factsheet';
import { LABELS } from './labels';

/** Numbers, percentages and dates the page prints, in one language's conventions (dates in UTC). */
export interface Formats {
  /** A value in percent units (12.5 -> "12.5%", fr "12,5 %"). */
  percent(value: number, decimals: number): string;
  number(value: number, decimals: number): string;
  /** "30 Oct 2026" / "30 oct. 2026"; null when the text is not an ISO date or instant. */
  date(iso: string): string | null;
  /** "23 Nov 2026, 18:56 UTC"; null when the text is not an ISO date or instant. */
  dateTime(iso: string): string | null;
  /** Time axis tick: the year, or month and year when the axis spans little time. */
  axisDate(epochMs: number, withMonth: boolean): string;
  /**
   * A string the payload carries already formatted ("0.24%", "17.0", "EUR 3,721.1 million"): a plain
   * percentage or plain decimal is written in this language's conventions, anything else is left as given.
   */
  given(text: string): string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;
const PLAIN_PERCENT = /^([+-]?)(\d{1,15})(?:\.(\d{1,6}))?\s?%$/;
const PLAIN_DECIMAL = /^([+-]?)(\d{1,15})\.(\d{1,6})$/;

/**
 * Milliseconds since the epoch of an ISO date ("2026-10-30") or instant; null for anything else or an impossible date.
 */
export function parseIsoDate(text: string): number | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const epochMs = Date.parse(text.trim());
  if (!Number.isFinite(epochMs)) return null;
  const [, year, month, day] = match;
  // Date.parse rolls 2026-02-30 over to March; a date-only text must name a real day.
  const isDateOnly = text.trim().length === 10;
  if (isDateOnly && new Date(epochMs).toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  return epochMs;
}

function createFormats(language: FactsheetLanguage): Formats {
  const { locale } = LABELS[language];
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberFormat = (style: 'percent' | 'decimal', decimals: number, grouping = true): Intl.NumberFormat => {
    const key = `${style}:${decimals}:${grouping}`;
    let format = numberFormats.get(key);
    if (!format) {
      // 'negative': no sign on a value that rounds to zero ("-0.00%" reads as a loss).
      format = new Intl.NumberFormat(locale, {
        style,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        signDisplay: 'negative',
        useGrouping: grouping,
      });
      numberFormats.set(key, format);
    }
    return format;
  };
  const dateFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const yearFormat = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const decimalsOf = (fraction: string | undefined) => (fraction ?? '').length;

  return {
    percent: (value, decimals) => numberFormat('percent', decimals).format(value / 100),
    number: (value, decimals) => numberFormat('decimal', decimals).format(value),
    date: (iso) => {
      const epochMs = parseIsoDate(iso);
      return epochMs === null ? null : dateFormat.format(epochMs);
    },
    dateTime: (iso) => {
      const epochMs = parseIsoDate(iso);
      return epochMs === null ? null : dateTimeFormat.format(epochMs);
    },
    axisDate: (epochMs, withMonth) => (withMonth ? monthFormat : yearFormat).format(epochMs),
    given: (text) => {
      if (language === 'en') return text;
      const percent = PLAIN_PERCENT.exec(text.trim());
      if (percent) {
        const [, sign, whole, fraction] = percent;
        return numberFormat('percent', decimalsOf(fraction)).format(Number(`${sign}${whole}.${fraction ?? '0'}`) / 100);
      }
      const decimal = PLAIN_DECIMAL.exec(text.trim());
      if (decimal) {
        const [, sign, whole, fraction] = decimal;
        // No grouping: a plain figure from a document is not always a quantity (a year, a code).
        return numberFormat('decimal', decimalsOf(fraction), false).format(Number(`${sign}${whole}.${fraction}`));
      }
      return text;
    },
  };
}

const FORMATS = new Map<FactsheetLanguage, Formats>();

/** The formats of a language, built once (Intl objects are slow to create). */
export function formatsFor(language: FactsheetLanguage): Formats {
  let formats = FORMATS.get(language);
  if (!formats) {
    formats = createFormats(language);
    FORMATS.set(language, formats);
  }
  return formats;
}
