import { scryptSync } from 'node:crypto';

import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem, verifyPassword } from './passwords';

const STORED_PATTERN = /^\$scrypt\$ln=15,r=8,p=3\$([A-Za-z0-9+/]{22})\$([A-Za-z0-9+/]{43})$/;

/** The parts of a stored string, for tampering. */
function parts(stored: string): { params: string; salt: string; hash: string } {
  const [, , params, salt, hash] = stored.split('$');
  return { params, salt, hash };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The text with one character replaced by another of the base64 alphabet (other bytes, still well-formed). */
function flip(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'Q' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

/** The same bytes spelt differently: the last character's unused low bit set (43 characters carry 258 bits for 256). */
function nonCanonical(text: string): string {
  const last = ALPHABET.indexOf(text[text.length - 1]);
  return text.slice(0, -1) + ALPHABET[last ^ 1];
}

describe('password hashing', () => {
  let stored: string;
  const password = 'correct horse battery staple';

  beforeAll(async () => {
    stored = await hashPassword(password);
  });

  it('writes a self-describing scrypt string and verifies the same password', async () => {
    expect(stored).toMatch(STORED_PATTERN);
    await expect(verifyPassword(password, stored)).resolves.toBe(true);
  });

  it('is the scrypt of the password with the stored salt and parameters', () => {
    const { salt, hash } = parts(stored);
    const expected = scryptSync(password, Buffer.from(salt, 'base64'), 32, {
      N: 2 ** 15,
      r: 8,
      p: 3,
      maxmem: 64 * 1024 * 1024,
    });
    expect(Buffer.from(hash, 'base64').equals(expected)).toBe(true);
  });

  it('refuses a wrong password', async () => {
    await expect(verifyPassword('correct horse battery stapler', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const again = await hashPassword(password);
    expect(again).not.toBe(stored);
    expect(parts(again).salt).not.toBe(parts(stored).salt);
    await expect(verifyPassword(password, again)).resolves.toBe(true);
  });

  it('refuses a tampered hash, salt or parameter set', async () => {
    const { params, salt, hash } = parts(stored);
    expect(Buffer.from(nonCanonical(hash), 'base64').equals(Buffer.from(hash, 'base64'))).toBe(true);
    const tampered = [
      `$scrypt$${params}$${salt}$${flip(hash, 0)}`,
      `$scrypt$${params}$${salt}$${flip(hash, 20)}`,
      `$scrypt$${params}$${flip(salt, 3)}$${hash}`,
      `$scrypt$ln=14,r=8,p=3$${salt}$${hash}`,
      `$scrypt$ln=15,r=8,p=2$${salt}$${hash}`,
      `$scrypt$ln=15,r=4,p=3$${salt}$${hash}`,
      // Buffer.from would decode this to the same bytes: refused as not canonical.
      `$scrypt$${params}$${salt}$${nonCanonical(hash)}`,
      `$scrypt$${params}$${salt}$${hash}=`,
      `$scrypt$${params}$${salt}$${hash.slice(0, -4)}`,
    ];
    const results = await Promise.all(tampered.map((s) => verifyPassword(password, s)));
    expect(results).toEqual(tampered.map(() => false));
  });

  it.each([
    ['empty', ''],
    ['only the scheme', '$scrypt$'],
    ['garbage', 'not a hash at all'],
    ['another scheme', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaA'],
    ['missing parts', '$scrypt$ln=15,r=8,p=3$c2FsdHNhbHRzYWx0c2FsdA'],
    ['an extra part', '$scrypt$ln=15,r=8,p=3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g$x'],
    ['a huge ln', '$scrypt$ln=60,r=8,p=3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    [
      'ln just past the limit',
      '$scrypt$ln=21,r=8,p=3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
    ['a huge p', '$scrypt$ln=15,r=8,p=17$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    ['a huge r', '$scrypt$ln=15,r=33,p=3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    [
      'memory past the cap',
      '$scrypt$ln=20,r=32,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
    ['ln zero', '$scrypt$ln=0,r=8,p=3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    [
      'a non-numeric parameter',
      '$scrypt$ln=x,r=8,p=3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
    ['a short salt', '$scrypt$ln=15,r=8,p=3$c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g'],
    ['a short hash', '$scrypt$ln=15,r=8,p=3$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA'],
    [
      'base64url characters',
      '$scrypt$ln=15,r=8,p=3$c2FsdHNhbHRzYWx0c2F-dA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    ],
  ])('answers false without throwing for a malformed stored string (%s)', async (_label, malformed) => {
    await expect(verifyPassword('correct horse battery staple', malformed)).resolves.toBe(false);
  });

  it('answers false for no stored hash, after as much work as a real check', async () => {
    await expect(verifyPassword(password, null)).resolves.toBe(false);
    // Not a timing comparison (too noisy for CI): the dummy path must at least do the scrypt work (32 MiB, memory-hard:
    // tens of milliseconds on any machine), not return at once.
    for (const missing of [null, '', 'garbage']) {
      const started = process.hrtime.bigint();
      await verifyPassword(password, missing);
      expect(Number(process.hrtime.bigint() - started) / 1e6).toBeGreaterThan(10);
    }
  });

  it('checks a stored string with the parameters written in it (so they can be raised later)', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('older password', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const older = `$scrypt$ln=14,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${hash
      .toString('base64')
      .replace(/=+$/, '')}`;
    await expect(verifyPassword('older password', older)).resolves.toBe(true);
    await expect(verifyPassword('other password', older)).resolves.toBe(false);
  });

  it('hashes Unicode passwords, NFC and NFD alike', async () => {
    const composed = 'caf\u00e9 cr\u00e8me br\u00fbl\u00e9e';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const emoji = 'pass \u{1F510}\u{1F511} phrase \u{1F600}';
    const [fromComposed, fromDecomposed, fromEmoji] = await Promise.all([
      hashPassword(composed),
      hashPassword(decomposed),
      hashPassword(emoji),
    ]);
    const checks = await Promise.all([
      verifyPassword(decomposed, fromComposed),
      verifyPassword(composed, fromDecomposed),
      verifyPassword(composed, fromComposed),
      verifyPassword(emoji, fromEmoji),
      verifyPassword('pass \u{1F510}\u{1F512} phrase \u{1F600}', fromEmoji),
      verifyPassword('cafe creme brulee', fromComposed),
    ]);
    expect(checks).toEqual([true, true, true, true, false, false]);
  });
});

describe('passwordProblem', () => {
  const email = 'Someone@Example.com';

  it('accepts 10 to 200 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(PASSWORD_MAX_LENGTH).toBe(200);
    expect(passwordProblem('abcdefghij', email)).toBeNull();
    expect(passwordProblem('ab'.repeat(100), email)).toBeNull();
  });

  it('refuses 9 characters and 201', () => {
    expect(passwordProblem('abcdefghi', email)).toMatch(/at least 10 characters/);
    expect(passwordProblem('', email)).toMatch(/at least 10 characters/);
    expect(passwordProblem(`${'ab'.repeat(100)}c`, email)).toMatch(/at most 200 characters/);
  });

  it('counts code points, after NFC', () => {
    // Ten emoji are twenty UTF-16 units but ten characters; nine are too few.
    expect(passwordProblem('\u{1F600}\u{1F601}'.repeat(5), email)).toBeNull();
    expect(passwordProblem('\u{1F600}\u{1F601}'.repeat(4) + '\u{1F600}', email)).toMatch(/at least/);
    // 'é' decomposed is two code points, composed one: nine of them are nine characters either way.
    expect(passwordProblem('\u00e9a'.repeat(4) + '\u00e9', email)).toMatch(/at least/);
    expect(passwordProblem(('\u00e9a'.repeat(4) + '\u00e9').normalize('NFD'), email)).toMatch(/at least/);
    expect(passwordProblem('\u00e9'.repeat(100) + 'a'.repeat(100), email)).toBeNull();
    expect(passwordProblem(('\u00e9'.repeat(100) + 'a'.repeat(100)).normalize('NFD'), email)).toBeNull();
    expect(passwordProblem('\u{1F600}'.repeat(201), email)).toMatch(/at most/);
  });

  it('refuses the e-mail address, in any case', () => {
    expect(passwordProblem('someone@example.com', email)).toMatch(/e-mail address/);
    expect(passwordProblem('SOMEONE@EXAMPLE.COM', email)).toMatch(/e-mail address/);
    expect(passwordProblem('someone@example.com', ' someone@example.com ')).toMatch(/e-mail address/);
    expect(passwordProblem('someone@example.com!', email)).toBeNull();
  });

  it('refuses one character repeated', () => {
    expect(passwordProblem('aaaaaaaaaa', email)).toMatch(/one character repeated/);
    expect(passwordProblem('\u{1F600}'.repeat(12), email)).toMatch(/one character repeated/);
    expect(passwordProblem('aaaaaaaaab', email)).toBeNull();
  });
});
