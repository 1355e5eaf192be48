import { isFilled } from '../domain/assembleFund';
import type { LoadedDocument } from '../parsing/pool/document';
import type { FieldSource } from '../schema/fund';

/** A payload that says where each of its values came from (FundData, ScpiData). */
interface PayloadWithSources {
  sources: Record<string, FieldSource>;
}

/**
 * Sets the field at a dotted path ("costs.ongoingCharges") with its source, unless the payload has a
 * value there already: payloads are filled from the document that wins first, so the first value stays.
 * Empty values and numbers that are not finite fill nothing. True when the field was set.
 */
export function fillField(payload: PayloadWithSources, path: string, value: unknown, source: FieldSource): boolean {
  if (!isFilled(value) || (typeof value === 'number' && !Number.isFinite(value))) return false;
  const keys = path.split('.');
  const parent = keys
    .slice(0, -1)
    .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, payload as never);
  const last = keys[keys.length - 1];
  if (isFilled(parent[last])) return false;
  parent[last] = value;
  payload.sources[path] = source;
  return true;
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
