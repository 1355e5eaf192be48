/** The soak's settings: every SOAK_* variable (bench/README.md, "Soak"), read once at start. */

export const BENCH = 'soak';

function envNumber(name: string, fallback: number, { min = 0, integer = false } = {}): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value)))
    throw new Error(`${name} must be a ${integer ? 'whole ' : ''}number >= ${min}, got ${raw}`);
  return value;
}

export const RATE = envNumber('SOAK_RATE', 40, { min: 0.1 });
export const SECONDS = envNumber('SOAK_SECONDS', 600, { min: 1, integer: true });
export const WARMUP_SECONDS = envNumber('SOAK_WARMUP_SECONDS', 60, { integer: true });
export const CONCURRENCY = envNumber('SOAK_CONCURRENCY', 64, { min: 1, integer: true });
export const TIMEOUT_MS = envNumber('SOAK_TIMEOUT_MS', 30_000, { min: 100, integer: true });
export const SAMPLE_SECONDS = envNumber('SOAK_SAMPLE_SECONDS', 10, { min: 1 });
/**
 * Idle time after the last answer before one more reading (not checked): memory a collector gives back once the load
 * stops is garbage, not a leak.
 */
export const SETTLE_SECONDS = envNumber('SOAK_SETTLE_SECONDS', 60, { integer: true });
export const MAX_ERROR_RATE = envNumber('SOAK_MAX_ERROR_RATE', 0.001);
export const MAX_MEMORY_GROWTH = envNumber('SOAK_MAX_MEMORY_GROWTH', 0.1);
export const SEED = envNumber('SOAK_SEED', 1, { integer: true });
/**
 * For a look at one part of the traffic (e.g. SOAK_ONLY='factsheets|export'): only the operations whose row matches;
 * the set-up is the same.
 */
export const ONLY = process.env.SOAK_ONLY ? new RegExp(process.env.SOAK_ONLY, 'i') : null;
/**
 * Keys of a plan are added until each uses at most this share of its per-minute burst (the demo's source addresses
 * likewise).
 */
export const BURST_SHARE = 0.5;
