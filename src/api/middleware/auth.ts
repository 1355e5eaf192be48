import type { Context } from 'koa';

import type { AccountsRepository, StoredKey } from '../../db/repositories/accounts';
import { apiKeyId, apiKeyMatches } from '../../domain/apiKeys';
import { errors } from '../errors';
import type { KeyDirectory } from './keyDirectory';
import { setHead } from './responseHead';

export interface AuthState {
  keyId: string;
  accountId: number;
  /** The operator role: may file documents into the universe. */
  operator: boolean;
}

/**
 * Verifies the key's hash in constant time. Ids that no key has are refused by the in-memory
 * directory without a query; hashes never change, so verified key records are kept in a bounded
 * in-process cache; revocation is checked on every call by the metering round trip, so a revoked
 * key stops working at once in every process.
 */
export class Authenticator {
  private readonly cache = new Map<string, StoredKey>();

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly directory: KeyDirectory,
    private readonly maxCached = 10_000,
  ) {}

  async authenticate(ctx: Context): Promise<AuthState> {
    // Anything answered to a keyed request is the caller's own: no shared or browser cache keeps it.
    setHead(ctx.res, 'Cache-Control', 'no-store');
    const raw = presentedKey(ctx);
    if (raw === null) throw errors.missingKey();
    const id = apiKeyId(raw);
    if (id === null) throw errors.invalidKey();
    const stored = this.cache.get(id) ?? (await this.lookup(id));
    if (!stored || !apiKeyMatches(raw, stored.secretHash)) throw errors.invalidKey();
    this.remember(stored);
    const auth = { keyId: stored.id, accountId: stored.accountId, operator: stored.operator };
    ctx.state.auth = auth;
    return auth;
  }

  private async lookup(id: string): Promise<StoredKey | null> {
    if (!(await this.directory.exists(id))) return null;
    return this.accounts.findKey(id);
  }

  private remember(key: StoredKey): void {
    if (this.cache.has(key.id)) return;
    if (this.cache.size >= this.maxCached) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key.id, key);
  }
}

/**
 * The key from `Authorization: Bearer <key>` or `X-Api-Key: <key>`; null when neither is sent.
 * Both may be sent only when they carry the same key: which one would we bill otherwise?
 */
function presentedKey(ctx: Context): string | null {
  const authorization = ctx.get('Authorization').trim();
  const header = ctx.get('X-Api-Key').trim();
  const bearer = authorization ? (/^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? '') : null;
  if (bearer !== null && header && bearer !== header) {
    throw errors.conflictingKeys();
  }
  return bearer ?? (header || null);
}
