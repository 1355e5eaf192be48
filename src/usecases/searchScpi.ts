import type { ScpiSearchHit } from '../schema/scpi';
import type { ScpiStore } from './ports/scpi';

export type ScpiHit = ScpiSearchHit;

/**
 * The story of GET /scpi: the SCPI of the library (loaded or not) whose name, management company or
 * ISIN prefix matches, accent- and case-insensitive. Free; the route counted the call toward the burst.
 */
export async function searchScpi(
  deps: { scpi: ScpiStore; pathOf: (slug: string) => string },
  q: string,
  limit: number,
): Promise<{ query: string; results: ScpiHit[] }> {
  const matches = await deps.scpi.search(q, limit);
  return { query: q, results: matches.map(({ slug, ...match }) => ({ id: slug, ...match, url: deps.pathOf(slug) })) };
}
