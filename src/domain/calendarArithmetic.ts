/** Calendar arithmetic on `YYYY-MM-DD` days (UTC): day counts, month indexes, month ends, weekdays, years back. */
import { isCalendarDate } from '../schema/calendar';

export const MONTHS_PER_YEAR = 12;

const MS_PER_DAY = 86_400_000;
const DECEMBER = 11;
const SATURDAY = 6;
const SUNDAY = 0;

/** The day itself when it is a real `YYYY-MM-DD` day, else null. */
export function validIsoDate(raw: unknown): string | null {
  return isCalendarDate(raw) ? raw : null;
}

/** Days since 1970-01-01 for a calendar day; month0 and day may overflow (day 0 = last day of the previous month). */
function utcDayNumber(year: number, month0: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month0, day); // unlike Date.UTC, does not map years 0-99 to 1900-1999
  return d.getTime() / MS_PER_DAY;
}

function dayNumber(date: string): number {
  return utcDayNumber(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function dateOfDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** year * 12 + zero-based month, so consecutive months are consecutive integers. */
export function monthIndexOf(date: string): number {
  return yearOf(date) * MONTHS_PER_YEAR + Number(date.slice(5, 7)) - 1;
}

export function decemberIndex(year: number): number {
  return year * MONTHS_PER_YEAR + DECEMBER;
}

export function lastDayOfMonth(monthIndex: number): string {
  const year = Math.floor(monthIndex / MONTHS_PER_YEAR);
  const month0 = monthIndex % MONTHS_PER_YEAR;
  return dateOfDayNumber(utcDayNumber(year, month0 + 1, 0)); // day 0 of the next month
}

function lastWeekdayOfMonth(monthIndex: number): string {
  let day = dayNumber(lastDayOfMonth(monthIndex));
  while ([SATURDAY, SUNDAY].includes(new Date(day * MS_PER_DAY).getUTCDay())) day--;
  return dateOfDayNumber(day);
}

/** A month is complete once the series reaches its last weekday (weekend month ends carry no NAV). */
export function isMonthComplete(date: string): boolean {
  return date >= lastWeekdayOfMonth(monthIndexOf(date));
}

/** Same calendar day `years` earlier; 29 February becomes 28 February in a non-leap year. */
export function minusYears(date: string, years: number): string {
  const year = yearOf(date) - years;
  const month0 = Number(date.slice(5, 7)) - 1;
  const lastDay = Number(lastDayOfMonth(year * MONTHS_PER_YEAR + month0).slice(8, 10));
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${date.slice(5, 7)}-${String(day).padStart(2, '0')}`;
}
