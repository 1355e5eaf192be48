import { escapeHtml } from '../../domain/html';

/** The small text helpers every block shares; escaping is the service's one escaper (domain/html.ts). */

export { escapeHtml };

/** Values documents use to say "nothing here"; shown as absent rather than printed. */
const PLACEHOLDERS = new Set([
  '',
  '-',
  '--',
  '–',
  '—',
  'n/a',
  'na',
  'n.a.',
  'none',
  'null',
  'undefined',
  'nan',
  'not applicable',
  '[object object]',
]);

// C0/C1 control characters other than tab and newlines, and the Unicode line/paragraph separators.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A text field as the page shows it: trimmed, control characters removed, whitespace runs collapsed,
 * cut at `maxLength` characters with an ellipsis; null when absent, not a string, or a placeholder.
 */
export function presentText(value: unknown, maxLength = 200): string | null {
  if (typeof value !== 'string') return null;
  // Long inputs are cut before cleaning: a 20,000-character objective shows a few lines.
  const bounded = value.length > maxLength * 4 ? value.slice(0, maxLength * 4) : value;
  const text = bounded.replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  if (PLACEHOLDERS.has(text.toLowerCase())) return null;
  return truncate(text, maxLength);
}

/** Cuts text at `maxLength` characters (whole code points), ending it with an ellipsis. */
export function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const codePoints = Array.from(text);
  if (codePoints.length <= maxLength) return text;
  return `${codePoints
    .slice(0, maxLength - 1)
    .join('')
    .trimEnd()}…`;
}

/** A finite number, or null (NaN, Infinity, null, strings and the rest). */
export function finiteNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** An array, or an empty one for anything else (snapshots stored by older versions may lack a field). */
export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A plain object's own property, or undefined. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** A label/value row of a definition table; rows without a value are left out. */
export interface Row {
  label: string;
  value: string | null;
}

/** A two-column table of label/value rows (values already escaped HTML); '' when no row has a value. */
export function rowsTable(rows: readonly Row[], className = 'facts'): string {
  const cells = rows
    .filter((row): row is { label: string; value: string } => row.value !== null && row.value !== '')
    .map((row) => `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${row.value}</td></tr>`);
  return cells.length === 0 ? '' : `<table class="${className}"><tbody>${cells.join('')}</tbody></table>`;
}

/** A titled block of the sheet; '' when it has no content, so an empty block leaves no heading behind. */
export function section(kind: string, title: string, content: string, extraClass = ''): string {
  if (content === '') return '';
  const classes = extraClass === '' ? `block block-${kind}` : `block block-${kind} ${extraClass}`;
  return `<section class="${classes}"><h2>${escapeHtml(title)}</h2>${content}</section>`;
}
