/**
 * The demo key npm start prints: the same key from one start to the next, until the user asks for
 * a new one (`npm start -- --new-demo-key`, `npm run keys -- demo --rotate`).
 *
 * Keys are hashed at rest in Postgres, so the plaintext cannot be read back from there: it is kept
 * in `<DATA_DIR>/demo-key` (mode 0600, inside the git-ignored .data folder). A plaintext key on
 * disk is acceptable only because this is a local development convenience for a demo account on
 * the developer's own machine; nothing outside the dev/test stack reads or writes that file.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { PlanId } from '../../src/domain/plans';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PLAN: PlanId = 'pro';

/** The two account operations the demo key needs (AccountsRepository has both). */
export interface DemoKeyAccounts {
  isActiveKeyOf(key: string, email: string): Promise<boolean>;
  rotateDemoKey(email: string, plan: PlanId): Promise<{ key: string }>;
}

/** Where the plaintext demo key is kept between starts. */
export interface DemoKeyStore {
  read(): string | null;
  write(key: string): void;
}

export interface DemoKey {
  key: string;
  /** False when a new key was issued (first start, asked for, or the saved one no longer valid). */
  reused: boolean;
}

/**
 * Reuses the saved demo key while it is still an active key of the demo account; otherwise issues and saves a new one.
 */
export async function ensureDemoKey(
  accounts: DemoKeyAccounts,
  store: DemoKeyStore,
  options: { rotate: boolean },
): Promise<DemoKey> {
  const saved = options.rotate ? null : store.read();
  if (saved && (await accounts.isActiveKeyOf(saved, DEMO_EMAIL))) return { key: saved, reused: true };
  const { key } = await accounts.rotateDemoKey(DEMO_EMAIL, DEMO_PLAN);
  store.write(key);
  return { key, reused: false };
}

/** The demo key file in a data folder. */
export function demoKeyFile(dataDir: string): DemoKeyStore {
  const file = path.join(dataDir, 'demo-key');
  return {
    read() {
      try {
        return fs.readFileSync(file, 'utf8').trim() || null;
      } catch {
        return null;
      }
    },
    write(key) {
      // Written aside and renamed, so an interrupted write never leaves half a key; 0600 from the start.
      const partial = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(partial, `${key}\n`, { mode: 0o600 });
      fs.renameSync(partial, file);
    },
  };
}
