import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts webhook signing secrets at rest (AES-256-GCM): a dump of the database alone does not give
 * them away; signing needs the plain secret, so hashing is not an option. The key comes from the
 * environment (production) or from a file in the data folder created on first use (the embedded stack).
 */
export class SecretBox {
  private static readonly VERSION = 1;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  }

  /** The key from hex, else from `file` (created with mode 0600 when missing; a concurrent creator's key wins). */
  static fromConfig(keyHex: string | null, file: string): SecretBox {
    if (keyHex) return new SecretBox(Buffer.from(keyHex, 'hex'));
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    return new SecretBox(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
  }

  seal(plain: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([SecretBox.VERSION]), iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer): string {
    if (sealed[0] !== SecretBox.VERSION) throw new Error('unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(1, 13));
    decipher.setAuthTag(sealed.subarray(13, 29));
    return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
  }
}
