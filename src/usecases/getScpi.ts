import type { Billing } from './ports/billing';
import type { ScpiLoader, ScpiStore, StoredScpi } from './ports/scpi';
import { chargedLookup, type LookupDeps, lookUpStored } from './storedLookup';

export type ScpiLookup =
  | { outcome: 'found'; scpi: StoredScpi; cached: boolean; stale: boolean }
  | { outcome: 'not_found' }
  | { outcome: 'upstream_error'; detail?: string }
  | { outcome: 'unavailable'; dependency: string };

export interface GetScpiDeps extends LookupDeps {
  scpi: ScpiStore;
  loader: ScpiLoader;
  /** A slug as library folders are named: an SCPI not yet identified may still be loaded by it. */
  isSlug: (text: string) => boolean;
  /** The slug a name would have ("SCPI Épargne Pierre" → "epargne-pierre"). */
  slugOf: (text: string) => string;
}

/**
 * The story of GET /scpi/{idOrIsin}, as GET /funds: charge the call (refunded when our side is down);
 * the SCPI by slug, ISIN or name; a fresh payload (24 hours) from the store, else a load through the
 * `scpi-load/<slug>` workflow, else the stale payload flagged as stale.
 */
export function getScpi(deps: GetScpiDeps, idOrIsin: string, billing: Billing, now = new Date()): Promise<ScpiLookup> {
  return chargedLookup(billing, () => findScpi(deps, idOrIsin, now));
}

async function findScpi(deps: GetScpiDeps, idOrIsin: string, now: Date): Promise<ScpiLookup> {
  // Known to the universe; else a folder the worker has not identified yet may hold it under its slug.
  const slug = (await deps.scpi.resolve(idOrIsin)) ?? slugCandidate(deps, idOrIsin);
  if (!slug) return { outcome: 'not_found' };
  const lookup = await lookUpStored(
    deps,
    {
      stored: () => deps.scpi.get(slug),
      // A load that finds nothing is not remembered: the library folder may be filled at any time.
      knownMissing: () => Promise.resolve(false),
      load: (freshSince, timeoutMs) => deps.loader.load({ slug, freshSince }, timeoutMs),
      reread: () => deps.scpi.get(slug),
      failure: { context: { slug }, message: 'SCPI load failed' },
    },
    now,
  );
  return lookup.outcome === 'found'
    ? { outcome: 'found', scpi: lookup.item, cached: lookup.cached, stale: lookup.stale }
    : lookup;
}

function slugCandidate(deps: GetScpiDeps, idOrIsin: string): string | null {
  const slug = deps.isSlug(idOrIsin) ? idOrIsin : deps.slugOf(idOrIsin);
  return deps.isSlug(slug) ? slug : null;
}
