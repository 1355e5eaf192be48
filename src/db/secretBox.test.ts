import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SecretBox } from './secretBox';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed; the sealed bytes do not contain the secret', () => {
    const sealed = box.seal('whsec_abc123');
    expect(sealed.toString('latin1')).not.toContain('whsec_abc123');
    expect(box.open(sealed)).toBe('whsec_abc123');
    expect(box.seal('whsec_abc123').equals(sealed)).toBe(false); // a fresh IV each time
  });

  it('refuses a tampered box and a box sealed under another key', () => {
    const sealed = box.seal('secret');
    sealed[sealed.length - 1] ^= 1;
    expect(() => box.open(sealed)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(box.seal('secret'))).toThrow();
  });

  it('creates its key file once, with mode 0600, and reuses it', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'box-')), 'key');
    const first = SecretBox.fromConfig(null, file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(SecretBox.fromConfig(null, file).open(first.seal('x'))).toBe('x');
  });
});
