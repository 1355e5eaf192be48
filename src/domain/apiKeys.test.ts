import { createHash } from 'node:crypto';

import { apiKeyId, apiKeyMatches, generateApiKey, hashApiKey } from './apiKeys';

describe('API keys', () => {
  it('generates distinct well-formed keys whose id is recoverable', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    expect(new Set(keys.map((k) => k.key)).size).toBe(200);
    for (const k of keys) {
      expect(k.key).toMatch(/^fds_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}$/);
      expect(apiKeyId(k.key)).toBe(k.id);
      expect(apiKeyMatches(k.key, k.hash)).toBe(true);
    }
  });

  it('stores a hash, not the key', () => {
    const k = generateApiKey();
    expect(k.hash.length).toBe(32);
    expect(k.hash.toString('utf8')).not.toContain(k.key);
    expect(hashApiKey(k.key).equals(k.hash)).toBe(true);
  });

  it('rejects a key with one character changed', () => {
    const k = generateApiKey();
    const last = k.key.at(-1) === 'a' ? 'b' : 'a';
    expect(apiKeyMatches(k.key.slice(0, -1) + last, k.hash)).toBe(false);
  });

  it.each([
    '',
    'fds_',
    'Bearer x',
    'fds_abc_def',
    `fds_${'a'.repeat(12)}_${'b'.repeat(31)}`,
    `fds_${'a'.repeat(12)}_${'b'.repeat(32)}x`,
    `fds_${'a'.repeat(11)}-_${'b'.repeat(32)}`,
  ])('treats %j as malformed', (raw) => expect(apiKeyId(raw)).toBeNull());

  it('does not throw on a hash of another length', () => {
    expect(apiKeyMatches('fds_x', Buffer.alloc(3))).toBe(false);
  });
});

describe('hashApiKey', () => {
  it('is the SHA-256 of the key as UTF-8, the one-shot hash included', () => {
    for (const key of [generateApiKey().key, '', 'fds_x', `é${generateApiKey().key.slice(1)}`]) {
      expect(hashApiKey(key).equals(createHash('sha256').update(key, 'utf8').digest())).toBe(true);
    }
  });

  it('refuses a stored hash of another length without throwing', () => {
    expect(apiKeyMatches('fds_x', Buffer.alloc(3))).toBe(false);
  });
});
