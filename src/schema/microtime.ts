import { isCalendarDate } from './calendar';

/**
 * Instants to the microsecond, as the change feed numbers them: JavaScript dates stop at the
 * millisecond, and 500 changes published within one millisecond must still page without loss.
 */

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Microseconds since the epoch of an ISO 8601 date-time with a zone; digits past the microsecond are dropped. Null when
 * it is not one.
 */
export function epochMicros(iso: string): number | null {
  const m = ISO_INSTANT.exec(iso);
  if (!m || !isCalendarDate(m[1].slice(0, 10))) return null; // Date.parse would roll 2026-02-30 over into March
  const seconds = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(seconds)) return null;
  const fraction = (m[2] ?? '').padEnd(6, '0').slice(0, 6);
  return seconds * 1000 + Number(fraction);
}

/** The ISO 8601 date-time (UTC, six decimals) of microseconds since the epoch. */
export function isoMicros(micros: number): string {
  const millis = Math.floor(micros / 1000);
  const base = new Date(millis).toISOString(); // 2026-11-23T10:00:00.123Z
  return `${base.slice(0, 23)}${String(micros - millis * 1000).padStart(3, '0')}Z`;
}
