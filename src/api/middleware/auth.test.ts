import { apiKeyMatches, generateApiKey } from '../../domain/apiKeys';
import { presentedKeyMatches } from './auth';

describe('presentedKeyMatches', () => {
  it('answers as apiKeyMatches: the right key, a changed key, a malformed one', () => {
    for (let i = 0; i < 50; i++) {
      const k = generateApiKey();
      const last = k.key.endsWith('A') ? 'B' : 'A';
      const variants = [k.key, `${k.key.slice(0, -1)}${last}`, `${k.key}x`, '', 'fds_x', `é${k.key.slice(1)}`];
      for (const v of variants) expect(presentedKeyMatches(v, k.hash)).toBe(apiKeyMatches(v, k.hash));
      expect(presentedKeyMatches(k.key, k.hash)).toBe(true);
    }
  });

  it('refuses a stored hash of another length without throwing', () => {
    expect(presentedKeyMatches('fds_x', Buffer.alloc(3))).toBe(false);
  });
});
