import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Account passwords, hashed with scrypt (node:crypto, no native add-on) at the parameters of OWASP's password storage
 * cheat sheet: N=2^15, r=8, p=3, a 16-byte random salt, a 32-byte hash. The stored string describes itself,
 * `$scrypt$ln=15,r=8,p=3$<salt>$<hash>` (base64 without padding), so the parameters can be raised later: a stored hash
 * is checked with the parameters written in it.
 *
 * Passwords are normalised to Unicode NFC before hashing (and before they are measured): the same password typed on
 * systems that compose accents differently (é as one code point, or e + combining accent) is the same password.
 */

/** The shortest password accepted, in characters (code points, after NFC). */
export const PASSWORD_MIN_LENGTH = 10;
/** The longest password accepted, in characters (code points, after NFC). */
export const PASSWORD_MAX_LENGTH = 200;

interface ScryptParams {
  /** log2 of the cost N. */
  ln: number;
  r: number;
  p: number;
}

const CURRENT: ScryptParams = { ln: 15, r: 8, p: 3 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Stored strings beyond these are refused, never computed (a corrupted or hostile row must not cost gigabytes). */
const LIMITS = { ln: 20, r: 32, p: 16 };
/** scrypt needs about 128·N·r bytes; a stored string asking for more than this is refused. */
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;

const PARAMS_PATTERN = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]+$/;

/** What `verifyPassword` computes when there is no usable stored hash, so the answer takes as long as a real check. */
const DUMMY = {
  params: CURRENT,
  salt: Buffer.from('fund-data-dummy!', 'utf8'),
  hash: Buffer.alloc(HASH_BYTES),
};

function memoryOf(params: ScryptParams): number {
  return 128 * 2 ** params.ln * params.r;
}

/** The async scrypt (libuv's thread pool, not the event loop). */
function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      Buffer.from(password.normalize('NFC'), 'utf8'),
      salt,
      length,
      // Twice the working memory: OpenSSL counts a little more than 128·N·r.
      { N: 2 ** params.ln, r: params.r, p: params.p, maxmem: 2 * memoryOf(params) + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

function encode(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/** Canonical unpadded base64 only (Buffer.from would skip stray characters and accept a tampered string). */
function decode(text: string): Buffer | null {
  if (!BASE64_PATTERN.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return encode(bytes) === text ? bytes : null;
}

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parseStored(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 5 || parts[0] !== '' || parts[1] !== 'scrypt') return null;
  const match = PARAMS_PATTERN.exec(parts[2]);
  if (!match) return null;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.ln < 1 || params.ln > LIMITS.ln) return null;
  if (params.r < 1 || params.r > LIMITS.r) return null;
  if (params.p < 1 || params.p > LIMITS.p) return null;
  if (memoryOf(params) > MAX_MEMORY_BYTES) return null;
  const salt = decode(parts[3]);
  const hash = decode(parts[4]);
  if (!salt || salt.length < SALT_BYTES || salt.length > 64) return null;
  if (!hash || hash.length < HASH_BYTES || hash.length > 64) return null;
  return { params, salt, hash };
}

/** The string to store for a new password: `$scrypt$ln=15,r=8,p=3$<salt>$<hash>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, CURRENT, HASH_BYTES);
  const { ln, r, p } = CURRENT;
  return `$scrypt$ln=${ln},r=${r},p=${p}$${encode(salt)}$${encode(hash)}`;
}

/**
 * Whether the password matches the stored hash, compared in constant time. No stored hash (an unknown address, an
 * account without a password) or a malformed one is false, after the same scrypt work as a real check, so the time
 * taken does not tell whether the account exists.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parseStored(stored);
  const target = parsed ?? DUMMY;
  const computed = await derive(password, target.salt, target.params, target.hash.length);
  const equal = timingSafeEqual(computed, target.hash);
  return parsed !== null && equal;
}

/** Null when the password is acceptable for this account, else a sentence for the form. */
export function passwordProblem(password: string, email: string): string | null {
  const normalised = password.normalize('NFC');
  const characters = [...normalised];
  if (characters.length < PASSWORD_MIN_LENGTH)
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (characters.length > PASSWORD_MAX_LENGTH)
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  if (normalised.toLowerCase() === email.normalize('NFC').trim().toLowerCase())
    return 'The password must not be your e-mail address.';
  if (new Set(characters).size === 1) return 'The password must not be one character repeated.';
  return null;
}
