import { isFilled } from '../domain/assembleFund';
import type { LoadedDocument } from '../parsing/pool/document';
import { foldAccents } from '../parsing/text/fold';
import type { FieldSource } from '../schema/fund';

/** A payload that says where each of its values came from (FundData, ScpiData). */
interface PayloadWithSources {
  sources: Record<string, FieldSource>;
}

/**
 * Sets the field at a dotted path ("costs.ongoingCharges") with its source, unless the payload has a
 * value there already: payloads are filled from the document that wins first, so the first value stays,
 * and another document's different value is kept beside it as a conflict (noteConflict) unless `conflicts` is off.
 * Empty values and numbers that are not finite fill nothing. True when the field was set.
 */
export function fillField(
  payload: PayloadWithSources,
  path: string,
  value: unknown,
  source: FieldSource,
  conflicts = true,
): boolean {
  if (!isFilled(value) || (typeof value === 'number' && !Number.isFinite(value))) return false;
  const keys = path.split('.');
  const parent = keys
    .slice(0, -1)
    .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, payload as never);
  const last = keys[keys.length - 1];
  if (isFilled(parent[last])) {
    if (conflicts) noteConflict(payload.sources[path], parent[last], value, source);
    return false;
  }
  parent[last] = value;
  payload.sources[path] = source;
  return true;
}

/** Enough to show that documents disagree without letting one field's provenance grow without bound. */
const MAX_CONFLICTS = 10;

/**
 * Records on the quoted value's source that another document states `offered` instead. Only single values are
 * compared (a holdings list is not a disagreement), and a document never disagrees with itself (an EPT row's SRI and
 * SRRI, a factsheet's AUM read twice).
 */
export function noteConflict(
  quoted: FieldSource | undefined,
  kept: unknown,
  offered: unknown,
  from: FieldSource,
): void {
  if (!quoted || quoted.document === from.document) return;
  if (!isScalar(kept) || !isScalar(offered) || sameValue(kept, offered)) return;
  const conflicts = (quoted.conflicts ??= []);
  if (conflicts.length >= MAX_CONFLICTS || conflicts.some((c) => c.document === from.document)) return;
  conflicts.push({ document: from.document, kind: from.kind, value: offered, asOf: from.asOf });
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/** A figure with an optional unit ("0.20%", "4", "1,5 %"): compared by its number and unit. */
const FIGURE = /^([+-]?\d+(?:[.,]\d+)?)\s?(%?)$/;

/**
 * Whether two documents say the same thing: figures by value ("0.2%" is "0.20%", "4" is 4), text without regard to
 * case, accents, spacing or punctuation ("MSCI World Index" is "MSCI World index.").
 */
export function sameValue(a: string | number, b: string | number): boolean {
  const figure = (v: string | number) => {
    const m = FIGURE.exec(String(v).trim());
    return m ? { n: Number(m[1].replace(',', '.')), unit: m[2] } : null;
  };
  const [fa, fb] = [figure(a), figure(b)];
  if (fa && fb) return fa.unit === fb.unit && Math.abs(fa.n - fb.n) < 1e-9;
  const text = (v: string | number) => foldAccents(String(v)).replace(/[^\p{L}\p{N}]+/gu, '');
  return text(a) === text(b);
}

/**
 * Where a value was read: the document (by content hash), its kind and origin, the page and the date it states; for
 * a document a recipe fetched from its manager, the recipe and when.
 */
export function documentSource(
  doc: LoadedDocument,
  page: number | null = null,
  asOf: string | null = null,
  method?: FieldSource['method'],
): FieldSource {
  const source: FieldSource = { document: doc.ref.sha256, kind: doc.ref.kind, origin: doc.ref.origin, page, asOf };
  if (method) source.method = method;
  if (doc.ref.recipe) {
    source.recipe = doc.ref.recipe;
    source.fetchedAt = doc.ref.retrievedAt;
  }
  return source;
}
