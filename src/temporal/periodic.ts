import { setTimeout as sleep } from 'node:timers/promises';

import type { Logger } from 'pino';

/**
 * Runs `look` now and then every `intervalMs` until the signal aborts (0: never); a failed look (a
 * database down) is logged and tried again at the next tick.
 */
export async function repeatUntilAborted(
  deps: { intervalMs: number; signal: AbortSignal; log: Pick<Logger, 'warn'> },
  what: string,
  look: () => Promise<void>,
): Promise<void> {
  if (deps.intervalMs <= 0) return;
  while (!deps.signal.aborted) {
    try {
      await look();
    } catch (err) {
      deps.log.warn({ err: String(err) }, `${what} look failed; trying again`);
    }
    // The timer's own abort listener is removed when it fires: a listener per tick would pile up.
    await sleep(deps.intervalMs, undefined, { signal: deps.signal }).catch(() => undefined);
  }
}
