/** A value read from a document and the 1-based page it was read from. */
export interface Hit<T> {
  value: T;
  page: number;
}

/** Takes a field's hit: its value, or null when nothing was found; the page is recorded under `field`. */
export type Take = <T>(field: string, hit: Hit<T> | null) => T | null;

/**
 * How document parsers fill their fields: each field's finder returns its first hit (first hit wins),
 * and `take` keeps the value while `pages` records where it was found, by field name.
 */
export function fieldPages(): { pages: Record<string, number>; take: Take } {
  const pages: Record<string, number> = {};
  const take: Take = (field, hit) => {
    if (hit === null) return null;
    pages[field] = hit.page;
    return hit.value;
  };
  return { pages, take };
}
