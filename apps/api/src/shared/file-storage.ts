import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CHAVE_ARQUIVO } from '@jornada/contracts';
import { storedSecret } from './secrets.js';

/**
 * The storage port for produced and uploaded files (issue 11 §3; decision
 * 0042). Keys are flat and carry the tenant and a safe file name
 * (`<tenant>-<32 hex>-<name>`), so a link is one path segment and the browser
 * saves the file under its name. Links are HMAC-signed with their expiry:
 * the link is the credential, the download route needs no session.
 */
export interface FileStorage {
  /** Stores the content and answers its new key. */
  put(tenantId: number, nomeArquivo: string, content: Buffer | Readable): Promise<string>;
  /** The content, or undefined when the key names nothing (deleted, never stored). */
  get(key: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
  /** `/api/arquivo/<key>?exp=<epoch s>&sig=<hmac>`, valid until `expiresAt`. */
  signedLink(key: string, expiresAt: Date): string;
  /** True when `sig` is this server's signature of key + exp and exp is after `now`. */
  verify(key: string, exp: string, sig: string, now: Date): boolean;
}

export interface StoredFile {
  stream: Readable;
  bytes: number;
}

/** The file name as the key keeps it: ASCII letters, digits, '.', '_' and '-'. */
export function safeFileName(nome: string): string {
  const ascii = nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
  return ascii || 'arquivo';
}

/** The tenant a key was stored for (its first part). */
export function tenantOfKey(key: string): number {
  return Number(/^([0-9]+)-/.exec(key)?.[1]);
}

/** The name part of a key (what the browser saves). */
export function fileNameOfKey(key: string): string {
  return key.replace(/^[0-9]+-[0-9a-f]{32}-/, '');
}

export interface LocalStorageOptions {
  /** Folder of the files (default: `<JORNADA_DATA_DIR>/arquivos`). */
  folder: string;
  /**
   * The link-signing key. Every process that serves links must share it: by
   * default a random key kept in the folder itself (mode 0600), created on
   * first use; `JORNADA_LINK_SECRET` overrides it.
   */
  secret?: string | undefined;
}

export function localFileStorage(opts: LocalStorageOptions): FileStorage {
  mkdirSync(opts.folder, { recursive: true });
  const secret = opts.secret ?? storedSecret(opts.folder, '.chave-links');
  const pathOf = (key: string) => {
    // A key is checked before it becomes a path: nothing else reaches the disk.
    if (!CHAVE_ARQUIVO.test(key)) throw new Error(`Chave de arquivo inválida: ${key.slice(0, 40)}`);
    return join(opts.folder, key);
  };
  const sign = (key: string, exp: string) => createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');

  return {
    async put(tenantId, nomeArquivo, content) {
      const key = `${tenantId}-${randomUUID().replaceAll('-', '')}-${safeFileName(nomeArquivo)}`;
      const path = pathOf(key);
      try {
        await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, createWriteStream(path));
      } catch (e) {
        await rm(path, { force: true });
        throw e;
      }
      return key;
    },
    async get(key) {
      if (!CHAVE_ARQUIVO.test(key)) return undefined;
      const path = pathOf(key);
      try {
        const s = await stat(path);
        return { stream: createReadStream(path), bytes: s.size };
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    signedLink(key, expiresAt) {
      const exp = String(Math.floor(expiresAt.getTime() / 1000));
      return `/api/arquivo/${key}?exp=${exp}&sig=${sign(key, exp)}`;
    },
    verify(key, exp, sig, now) {
      if (!/^[0-9]{1,12}$/.test(exp) || Number(exp) * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(key, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
