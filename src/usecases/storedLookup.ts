import type { Logger } from '../logger';
import type { Billing } from './ports/billing';
import {
  type DependencyHealth,
  DependencyUnavailableError,
  LOAD_DEPENDENCIES,
  UpstreamUnavailableError,
} from './ports/dependencies';
import type { LoadStatus } from './ports/loads';

/** What stays the same whatever is looked up (a fund, an SCPI). */
export interface LookupDeps {
  health: DependencyHealth;
  loadTimeoutMs: number;
  log: Logger;
}

/** One stored thing's way through the lookup: its store, its remembered misses, its load. */
export interface LookupSteps<Stored extends { expiresAt: Date }> {
  /** The stored item, whatever its age. */
  stored(): Promise<Stored | null>;
  /** True when a recent load found nothing (no new load is started meanwhile). */
  knownMissing(now: Date): Promise<boolean>;
  /** Loads it through its workflow; a payload generated after `freshSince` is fresh enough. */
  load(freshSince: string, timeoutMs: number): Promise<{ status: LoadStatus }>;
  /** The item as the load stored it. */
  reread(): Promise<Stored | null>;
  /** What the warning of a failed load names (`{ isin }`, `{ slug }`) and says. */
  failure: { context: Record<string, string>; message: string };
}

export type StoredLookup<Stored> =
  | { outcome: 'found'; item: Stored; cached: boolean; stale: boolean }
  | { outcome: 'not_found' }
  /** `detail`: which sources could not be asked, when known. */
  | { outcome: 'upstream_error'; detail?: string }
  /** A dependency of loads is down and nothing is stored: our outage, not the item's. */
  | { outcome: 'unavailable'; dependency: string };

/**
 * The one lookup of GET /funds and GET /scpi: a fresh stored item; else a load through the workflow and
 * the item it stored; if the load fails, the stale item flagged as stale. A recent miss is not_found at
 * once. While a dependency of loads is down, no load is attempted: the stale item, or "unavailable".
 */
export async function lookUpStored<Stored extends { expiresAt: Date }>(
  deps: LookupDeps,
  steps: LookupSteps<Stored>,
  now: Date,
): Promise<StoredLookup<Stored>> {
  const stored = await steps.stored();
  if (stored && stored.expiresAt > now) return { outcome: 'found', item: stored, cached: true, stale: false };
  const stale = (): StoredLookup<Stored> | null =>
    stored ? { outcome: 'found', item: stored, cached: true, stale: true } : null;
  if (!stored && (await steps.knownMissing(now))) return { outcome: 'not_found' };
  const down = deps.health.firstDown(LOAD_DEPENDENCIES);
  if (down) return stale() ?? { outcome: 'unavailable', dependency: down };

  let status: LoadStatus;
  try {
    // Anything generated after this request began is fresh enough: a run that raced us may have stored it.
    ({ status } = await steps.load(now.toISOString(), deps.loadTimeoutMs));
  } catch (err) {
    deps.log.warn({ ...steps.failure.context, err: String(err) }, steps.failure.message);
    if (err instanceof DependencyUnavailableError)
      return stale() ?? { outcome: 'unavailable', dependency: err.dependency };
    if (err instanceof UpstreamUnavailableError) return stale() ?? { outcome: 'upstream_error', detail: err.message };
    return stale() ?? { outcome: 'upstream_error' };
  }
  if (status === 'not_found') return stale() ?? { outcome: 'not_found' };
  const loaded = await steps.reread();
  return loaded
    ? { outcome: 'found', item: loaded, cached: false, stale: false }
    : (stale() ?? { outcome: 'upstream_error' });
}

/** A billed lookup: the call is charged first and given back when our side is down. */
export async function chargedLookup<Lookup extends { outcome: string }>(
  billing: Billing,
  lookUp: () => Promise<Lookup>,
): Promise<Lookup> {
  await billing.charge();
  const lookup = await lookUp();
  if (lookup.outcome === 'unavailable') await billing.refund();
  return lookup;
}
