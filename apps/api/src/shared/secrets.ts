import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** 256 bits of randomness, URL-safe: session tokens and reset-link tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Letters and digits nobody misreads on a screen or a phone (no 0/O, 1/I/L). */
const LEGIVEIS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A short random text a person types (app passwords, one-time codes; spec/devices.md §4(c) 'unambiguous
 * alphabet'): `n` characters of 31, about 5 bits each.
 */
export function codigoLegivel(n: number): string {
  return Array.from({ length: n }, () => LEGIVEIS[randomInt(LEGIVEIS.length)]).join('');
}

/** Tokens are stored as SHA-256 only: a high-entropy token needs no slow hash. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * argon2id with OWASP's second recommended setting (19 MiB, t=2, p=1): strong
 * enough for passwords while a login stays well under 100 ms on our 2 cores.
 */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the e-mail is unknown so an
 * unknown e-mail takes as long as a wrong password (no account enumeration by
 * timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}

/**
 * Encrypts `secret` so that only a holder of `holderToken` can read it
 * (AES-256-GCM, key = SHA-256 of the token under its own label, distinct from
 * the stored token hash). The database alone cannot open it: it keeps only
 * the token's hash.
 */
export function sealForHolder(secret: string, holderToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', holderKey(holderToken), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The secret sealed for this token, or undefined when it was sealed for another. */
export function openForHolder(sealed: string, holderToken: string): string | undefined {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', holderKey(holderToken), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

function holderKey(token: string): Buffer {
  return createHash('sha256').update(`sucessor\n${token}`).digest();
}

/**
 * A random secret kept in a file of `folder` (mode 0600), created on first use: the link-signing key and the data
 * key of an installation that sets no variable for them. Two processes starting together keep the first one's.
 */
export function storedSecret(folder: string, fileName: string): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, fileName);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
