import { escapeHtml } from '../../domain/html';

/** The small value formats of the site's pages: instants, days, counts and the links that may be followed. */

const pad = (value: number): string => String(value).padStart(2, '0');

/** An ISO instant as `YYYY-MM-DD HH:MM UTC` (plain text, to be escaped); the text as given when it is no date. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDay(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** The UTC day of an instant as `YYYY-MM-DD`. */
function formatDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** An ISO instant as its UTC day, `YYYY-MM-DD` (plain text); the text as given when it is no date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDay(date);
}

/** An instant as an escaped `<time>` element, printed `YYYY-MM-DD HH:MM UTC`. */
export function timeHtml(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatInstant(iso))}</time>`;
}

/** A count with thousands separators (1,500). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** The URL when it is an absolute http(s) URL, else null: nothing else ever becomes an href. */
export function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A link when `url` is http(s) (escaped, with the extra attributes given), else the URL as escaped text. */
export function linkOrText(url: string, text: string, attributes = ''): string {
  const href = httpUrl(url);
  if (href === null) return `<span class="url">${escapeHtml(url)}</span>`;
  return `<a href="${escapeHtml(href)}"${attributes}>${escapeHtml(text)}</a>`;
}
