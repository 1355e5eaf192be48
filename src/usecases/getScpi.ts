import type { Logger } from '../logger';
import { DependencyUnavailableError, type DependencyHealth, LOAD_DEPENDENCIES } from './dependencies';
import type { Billing, ScpiLoader, ScpiStore, StoredScpi } from './ports';

export type ScpiLookup =
  | { outcome: 'found'; scpi: StoredScpi; cached: boolean; stale: boolean }
  | { outcome: 'not_found' }
  | { outcome: 'upstream_error' }
  | { outcome: 'unavailable'; dependency: string };

export interface GetScpiDeps {
  scpi: ScpiStore;
  loader: ScpiLoader;
  health: DependencyHealth;
  loadTimeoutMs: number;
  log: Logger;
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
export async function getScpi(deps: GetScpiDeps, idOrIsin: string, billing: Billing, now = new Date()): Promise<ScpiLookup> {
  await billing.charge();
  const lookup = await findScpi(deps, idOrIsin, now);
  if (lookup.outcome === 'unavailable') await billing.refund();
  return lookup;
}

async function findScpi(deps: GetScpiDeps, idOrIsin: string, now: Date): Promise<ScpiLookup> {
  // Known to the universe; else a folder the worker has not identified yet may hold it under its slug.
  const slug = (await deps.scpi.resolve(idOrIsin)) ?? slugCandidate(deps, idOrIsin);
  if (!slug) return { outcome: 'not_found' };
  const stored = await deps.scpi.get(slug);
  if (stored && stored.expiresAt > now) return { outcome: 'found', scpi: stored, cached: true, stale: false };
  const stale = (): ScpiLookup | null => (stored ? { outcome: 'found', scpi: stored, cached: true, stale: true } : null);
  const down = deps.health.firstDown(LOAD_DEPENDENCIES);
  if (down) return stale() ?? { outcome: 'unavailable', dependency: down };

  let status;
  try {
    ({ status } = await deps.loader.load({ slug, freshSince: now.toISOString() }, deps.loadTimeoutMs));
  } catch (err) {
    deps.log.warn({ slug, err: String(err) }, 'SCPI load failed');
    if (err instanceof DependencyUnavailableError) return stale() ?? { outcome: 'unavailable', dependency: err.dependency };
    return stale() ?? { outcome: 'upstream_error' };
  }
  if (status === 'not_found') return stale() ?? { outcome: 'not_found' };
  const loaded = await deps.scpi.get(slug);
  return loaded ? { outcome: 'found', scpi: loaded, cached: false, stale: false } : (stale() ?? { outcome: 'upstream_error' });
}

function slugCandidate(deps: GetScpiDeps, idOrIsin: string): string | null {
  const slug = deps.isSlug(idOrIsin) ? idOrIsin : deps.slugOf(idOrIsin);
  return deps.isSlug(slug) ? slug : null;
}
