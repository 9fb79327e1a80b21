import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { storedSecret } from './secrets.js';

/**
 * Encryption of single database fields that the product must read back in
 * clear one day (decision 0065): today the keypad PINs, which only the time
 * clock's export may decrypt. AES-256-GCM with a random IV per value, so two
 * equal PINs never look alike and a changed byte is refused, not misread.
 *
 * Every field has its own key, derived by HKDF-SHA256 from one data secret
 * under the field's label: a key leaked from one field opens no other, and
 * the secret itself never touches a value.
 */
export interface FieldCipher {
  encrypt(clear: string): string;
  /** The clear value; throws when the value was not sealed by this field's key (another key, altered, not a ciphertext). */
  decrypt(stored: string): string;
}

/** `c1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts: the version lets a later format or key rotation coexist. */
const FORMAT = 'c1';

const derive = (secret: string, info: string, bytes: number) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `jornada:${info}`, bytes));

export function fieldCipher(secret: string, label: string): FieldCipher {
  const key = derive(secret, label, 32);
  // Names the key without revealing it: a value sealed under another secret (a server started without
  // JORNADA_DATA_SECRET beside one with it) says so instead of failing as "altered".
  const keyId = derive(secret, `${label}:id`, 6).toString('base64url');
  const aad = Buffer.from(label, 'utf8');
  return {
    encrypt(clear) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
      const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return [
        FORMAT,
        keyId,
        iv.toString('base64url'),
        data.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join('.');
    },
    decrypt(stored) {
      const [format, id, iv, data, tag, ...rest] = stored.split('.');
      if (format !== FORMAT || rest.length > 0 || !iv || data === undefined || !tag) {
        throw new Error(`${label}: o valor gravado não é um valor cifrado`);
      }
      if (id !== keyId) throw new Error(`${label}: cifrado com outra chave (JORNADA_DATA_SECRET diferente?)`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(aad)
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The data secret: `JORNADA_DATA_SECRET`, or a random one kept in the data
 * folder (mode 0600), created on first use — like the link-signing key
 * (decision 0042), but its own, so rotating the links' key never makes the
 * stored PINs unreadable. Every process of one database must share it (same
 * folder, or the same variable: a PostgreSQL deployment on several machines
 * sets the variable). Losing it loses the PINs, not the rest of the data.
 */
export function dataSecret(o: { dataSecret: string | undefined; dataDir: string }): string {
  return o.dataSecret || storedSecret(o.dataDir, '.chave-dados');
}

const ciphers = new WeakMap<object, Map<string, FieldCipher>>();

/** The cipher of one field label under this configuration's secret: derived (and the secret file read) once. */
function cipherOf(config: { dataSecret: string | undefined; dataDir: string }, label: string): FieldCipher {
  let porCampo = ciphers.get(config);
  if (!porCampo) {
    porCampo = new Map();
    ciphers.set(config, porCampo);
  }
  let cipher = porCampo.get(label);
  if (!cipher) {
    cipher = fieldCipher(dataSecret(config), label);
    porCampo.set(label, cipher);
  }
  return cipher;
}

/** The keypad PINs' cipher of this configuration. */
export function keypadPinCipher(config: { dataSecret: string | undefined; dataDir: string }): FieldCipher {
  return cipherOf(config, 'funcionarios.senha_teclado');
}

/** The company token of the time clocks (issue 25 §2): shown and copied again, so sealed rather than hashed only. */
export function companyTokenCipher(config: { dataSecret: string | undefined; dataDir: string }): FieldCipher {
  return cipherOf(config, 'relogio_tokens.cifrado');
}

/** The activation codes of the online punch devices (issue 25 §3): copied again while valid. */
export function activationCodeCipher(config: { dataSecret: string | undefined; dataDir: string }): FieldCipher {
  return cipherOf(config, 'dispositivos_online.codigo_ativacao');
}
