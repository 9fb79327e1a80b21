/**
 * PKCS#12 (RFC 7292) reader for A1 certificates, on Node's built-in crypto.
 *
 * ICP-Brasil A1 files come from many tools: OpenSSL 3 writes PBES2/AES-256
 * with an HMAC-SHA-256 MAC; Windows and older OpenSSL write 3DES-encrypted
 * keys and RC2-40-encrypted certificates with an HMAC-SHA-1 MAC. OpenSSL 3
 * (and so Node) ships RC2 only in its legacy provider, which Node does not
 * load, so RC2 is implemented here (RFC 2268).
 */
import {
  createDecipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  pbkdf2Sync,
  timingSafeEqual,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { child, children, integer, octets, oid, raw, readNode, type Asn1Node } from './der.js';

export class Pkcs12Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Pkcs12Error';
  }
}

export interface Pkcs12Contents {
  privateKey: KeyObject;
  /** The certificate whose public key matches the private key. */
  certificate: X509Certificate;
  /** Every certificate in the file, DER (the signer's included), for the CMS certificate set. */
  certificatesDer: Buffer[];
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  pbeSha1TripleDes: '1.2.840.113549.1.12.1.3',
  pbeSha1Rc2_128: '1.2.840.113549.1.12.1.5',
  pbeSha1Rc2_40: '1.2.840.113549.1.12.1.6',
} as const;

const HASHES: Record<string, { name: string; u: number; v: number }> = {
  '1.3.14.3.2.26': { name: 'sha1', u: 20, v: 64 },
  '2.16.840.1.101.3.4.2.1': { name: 'sha256', u: 32, v: 64 },
  '2.16.840.1.101.3.4.2.2': { name: 'sha384', u: 48, v: 128 },
  '2.16.840.1.101.3.4.2.3': { name: 'sha512', u: 64, v: 128 },
};

const PRFS: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

const CIPHERS: Record<string, { name: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyLength: 24 },
};

/** The password as PKCS#12 wants it for its own KDF: BMPString (UTF-16BE) with two zero bytes (RFC 7292 B.1). */
function bmpPassword(password: string): Buffer {
  const b = Buffer.alloc((password.length + 1) * 2);
  for (let i = 0; i < password.length; i++) b.writeUInt16BE(password.charCodeAt(i), i * 2);
  return b;
}

/** RFC 7292 appendix B.2 key derivation (ID 1 key, 2 IV, 3 MAC key). */
export function pkcs12Kdf(
  hash: string,
  password: Buffer,
  salt: Buffer,
  id: number,
  iterations: number,
  n: number,
): Buffer {
  const h = Object.values(HASHES).find((x) => x.name === hash);
  if (!h) throw new Pkcs12Error(`hash ${hash} não suportado`);
  const { u, v } = h;
  const fill = (src: Buffer) => {
    if (src.length === 0) return Buffer.alloc(0);
    const out = Buffer.alloc(v * Math.ceil(src.length / v));
    for (let i = 0; i < out.length; i++) out[i] = src[i % src.length] as number;
    return out;
  };
  const D = Buffer.alloc(v, id);
  const I = Buffer.concat([fill(salt), fill(password)]);
  const out: Buffer[] = [];
  for (let made = 0; made < n; made += u) {
    let A = createHash(hash).update(D).update(I).digest();
    for (let r = 1; r < iterations; r++) A = createHash(hash).update(A).digest();
    out.push(A);
    const B = fill(A.subarray(0, Math.min(u, v))).subarray(0, v);
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const s = (I[j + k] as number) + (B[k] as number) + carry;
        I[j + k] = s & 0xff;
        carry = s >>> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, n);
}

// ---- RC2 (RFC 2268), decryption only, CBC -------------------------------------
// prettier-ignore
const PITABLE = [
  0xd9,0x78,0xf9,0xc4,0x19,0xdd,0xb5,0xed,0x28,0xe9,0xfd,0x79,0x4a,0xa0,0xd8,0x9d,0xc6,0x7e,0x37,0x83,0x2b,0x76,0x53,0x8e,0x62,0x4c,0x64,0x88,0x44,0x8b,0xfb,0xa2,
  0x17,0x9a,0x59,0xf5,0x87,0xb3,0x4f,0x13,0x61,0x45,0x6d,0x8d,0x09,0x81,0x7d,0x32,0xbd,0x8f,0x40,0xeb,0x86,0xb7,0x7b,0x0b,0xf0,0x95,0x21,0x22,0x5c,0x6b,0x4e,0x82,
  0x54,0xd6,0x65,0x93,0xce,0x60,0xb2,0x1c,0x73,0x56,0xc0,0x14,0xa7,0x8c,0xf1,0xdc,0x12,0x75,0xca,0x1f,0x3b,0xbe,0xe4,0xd1,0x42,0x3d,0xd4,0x30,0xa3,0x3c,0xb6,0x26,
  0x6f,0xbf,0x0e,0xda,0x46,0x69,0x07,0x57,0x27,0xf2,0x1d,0x9b,0xbc,0x94,0x43,0x03,0xf8,0x11,0xc7,0xf6,0x90,0xef,0x3e,0xe7,0x06,0xc3,0xd5,0x2f,0xc8,0x66,0x1e,0xd7,
  0x08,0xe8,0xea,0xde,0x80,0x52,0xee,0xf7,0x84,0xaa,0x72,0xac,0x35,0x4d,0x6a,0x2a,0x96,0x1a,0xd2,0x71,0x5a,0x15,0x49,0x74,0x4b,0x9f,0xd0,0x5e,0x04,0x18,0xa4,0xec,
  0xc2,0xe0,0x41,0x6e,0x0f,0x51,0xcb,0xcc,0x24,0x91,0xaf,0x50,0xa1,0xf4,0x70,0x39,0x99,0x7c,0x3a,0x85,0x23,0xb8,0xb4,0x7a,0xfc,0x02,0x36,0x5b,0x25,0x55,0x97,0x31,
  0x2d,0x5d,0xfa,0x98,0xe3,0x8a,0x92,0xae,0x05,0xdf,0x29,0x10,0x67,0x6c,0xba,0xc9,0xd3,0x00,0xe6,0xcf,0xe1,0x9e,0xa8,0x2c,0x63,0x16,0x01,0x3f,0x58,0xe2,0x89,0xa9,
  0x0d,0x38,0x34,0x1b,0xab,0x33,0xff,0xb0,0xbb,0x48,0x0c,0x5f,0xb9,0xb1,0xcd,0x2e,0xc5,0xf3,0xdb,0x47,0xe5,0xa5,0x9c,0x77,0x0a,0xa6,0x20,0x68,0xfe,0x7f,0xc1,0xad,
];

function rc2ExpandKey(key: Buffer, effectiveBits: number): Uint16Array {
  const L = new Uint8Array(128);
  L.set(key);
  const T = key.length;
  for (let i = T; i < 128; i++) L[i] = PITABLE[((L[i - 1] as number) + (L[i - T] as number)) & 0xff] as number;
  const T8 = Math.ceil(effectiveBits / 8);
  const TM = 0xff % 2 ** (8 + effectiveBits - 8 * T8);
  L[128 - T8] = PITABLE[(L[128 - T8] as number) & TM] as number;
  for (let i = 127 - T8; i >= 0; i--) L[i] = PITABLE[(L[i + 1] as number) ^ (L[i + T8] as number)] as number;
  const K = new Uint16Array(64);
  for (let i = 0; i < 64; i++) K[i] = (L[2 * i] as number) | ((L[2 * i + 1] as number) << 8);
  return K;
}

function rc2DecryptBlock(K: Uint16Array, block: Uint8Array): Uint8Array {
  const R = [0, 1, 2, 3].map((i) => (block[2 * i] as number) | ((block[2 * i + 1] as number) << 8));
  const s = [1, 2, 3, 5];
  const rmix = (i: number, j: number) => {
    const r = R[i] as number;
    R[i] = ((r >>> s[i]!) | (r << (16 - s[i]!))) & 0xffff;
    R[i] =
      ((R[i] as number) -
        (K[j] as number) -
        ((R[(i + 3) % 4] as number) & (R[(i + 2) % 4] as number)) -
        (~(R[(i + 3) % 4] as number) & (R[(i + 1) % 4] as number))) &
      0xffff;
  };
  const rmash = (i: number) => {
    R[i] = ((R[i] as number) - (K[(R[(i + 3) % 4] as number) & 63] as number)) & 0xffff;
  };
  let j = 63;
  const mixRound = () => {
    for (let i = 3; i >= 0; i--) rmix(i, j--);
  };
  const mashRound = () => {
    for (let i = 3; i >= 0; i--) rmash(i);
  };
  for (let n = 0; n < 5; n++) mixRound();
  mashRound();
  for (let n = 0; n < 6; n++) mixRound();
  mashRound();
  for (let n = 0; n < 5; n++) mixRound();
  const out = new Uint8Array(8);
  for (let i = 0; i < 4; i++) {
    out[2 * i] = (R[i] as number) & 0xff;
    out[2 * i + 1] = (R[i] as number) >>> 8;
  }
  return out;
}

/** RC2-CBC decryption with PKCS#7 padding removal. */
export function rc2CbcDecrypt(key: Buffer, effectiveBits: number, iv: Buffer, data: Buffer): Buffer {
  if (data.length === 0 || data.length % 8 !== 0) throw new Pkcs12Error('RC2: tamanho inválido');
  const K = rc2ExpandKey(key, effectiveBits);
  const out = Buffer.alloc(data.length);
  let prev: Uint8Array = iv;
  for (let i = 0; i < data.length; i += 8) {
    const block = data.subarray(i, i + 8);
    const plain = rc2DecryptBlock(K, block);
    for (let k = 0; k < 8; k++) out[i + k] = (plain[k] as number) ^ (prev[k] as number);
    prev = block;
  }
  const pad = out[out.length - 1] as number;
  if (pad < 1 || pad > 8) throw new Pkcs12Error('senha incorreta ou arquivo corrompido');
  return out.subarray(0, out.length - pad);
}

// ---- decryption of encryptedData content ---------------------------------------

function decrypt(algorithm: Asn1Node, data: Buffer, password: string): Buffer {
  const alg = oid(child(algorithm, 0));
  const params = child(algorithm, 1);
  try {
    if (alg === OID.pbes2) {
      const kdf = child(params, 0);
      const scheme = child(params, 1);
      if (oid(child(kdf, 0)) !== OID.pbkdf2) throw new Pkcs12Error('PBES2 sem PBKDF2 não suportado');
      const kp = children(child(kdf, 1));
      const salt = octets(kp[0] as Asn1Node);
      const iterations = integer(kp[1] as Asn1Node);
      const prfNode = kp.find((n) => n.tag === 0x30);
      const prf = prfNode ? PRFS[oid(child(prfNode, 0))] : 'sha1';
      const cipher = CIPHERS[oid(child(scheme, 0))];
      if (!cipher || !prf) throw new Pkcs12Error('algoritmo de cifra do PKCS#12 não suportado');
      // PBES2 in PKCS#12 takes the password as UTF-8 bytes, not BMPString.
      const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, cipher.keyLength, prf);
      const d = createDecipheriv(cipher.name, key, octets(child(scheme, 1)));
      return Buffer.concat([d.update(data), d.final()]);
    }
    const salt = octets(child(params, 0));
    const iterations = integer(child(params, 1));
    const pw = bmpPassword(password);
    if (alg === OID.pbeSha1TripleDes) {
      const key = pkcs12Kdf('sha1', pw, salt, 1, iterations, 24);
      const iv = pkcs12Kdf('sha1', pw, salt, 2, iterations, 8);
      const d = createDecipheriv('des-ede3-cbc', key, iv);
      return Buffer.concat([d.update(data), d.final()]);
    }
    if (alg === OID.pbeSha1Rc2_40 || alg === OID.pbeSha1Rc2_128) {
      const bytes = alg === OID.pbeSha1Rc2_40 ? 5 : 16;
      const key = pkcs12Kdf('sha1', pw, salt, 1, iterations, bytes);
      const iv = pkcs12Kdf('sha1', pw, salt, 2, iterations, 8);
      return rc2CbcDecrypt(key, bytes * 8, iv, data);
    }
  } catch (e) {
    if (e instanceof Pkcs12Error) throw e;
    throw new Pkcs12Error('senha incorreta ou arquivo PKCS#12 corrompido');
  }
  throw new Pkcs12Error(`algoritmo ${alg} do PKCS#12 não suportado`);
}

function verifyMac(pfx: Asn1Node[], authSafe: Buffer, password: string): void {
  const macData = pfx[2];
  if (!macData) return; // integrity by public key or none: nothing to check with a password
  const [digestInfo, saltNode, iterNode] = children(macData);
  const alg = oid(child(child(digestInfo as Asn1Node, 0), 0));
  const expected = octets(child(digestInfo as Asn1Node, 1));
  const hash = HASHES[alg];
  if (!hash) throw new Pkcs12Error('algoritmo do MAC do PKCS#12 não suportado');
  const iterations = iterNode ? integer(iterNode) : 1;
  const key = pkcs12Kdf(hash.name, bmpPassword(password), octets(saltNode as Asn1Node), 3, iterations, hash.u);
  const mac = createHmac(hash.name, key).update(authSafe).digest();
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    throw new Pkcs12Error('senha do certificado incorreta');
}

/** Open an A1 certificate file (.pfx/.p12). Throws Pkcs12Error with a Portuguese message. */
export function readPkcs12(pfxBytes: Uint8Array, password: string): Pkcs12Contents {
  let pfx: Asn1Node[];
  let authSafe: Buffer;
  try {
    pfx = children(readNode(pfxBytes));
    const contentInfo = pfx[1] as Asn1Node;
    if (oid(child(contentInfo, 0)) !== OID.data)
      throw new Pkcs12Error('PKCS#12 assinado por chave pública não suportado');
    authSafe = octets(child(child(contentInfo, 1), 0));
  } catch (e) {
    if (e instanceof Pkcs12Error) throw e;
    throw new Pkcs12Error('o arquivo não é um certificado PKCS#12 (.pfx/.p12) válido');
  }
  verifyMac(pfx, authSafe, password);

  const certs: Buffer[] = [];
  const keys: KeyObject[] = [];
  for (const ci of children(readNode(authSafe))) {
    const type = oid(child(ci, 0));
    let safeContents: Buffer;
    if (type === OID.data) safeContents = octets(child(child(ci, 1), 0));
    else if (type === OID.encryptedData) {
      const eci = child(child(child(ci, 1), 0), 1); // EncryptedData.encryptedContentInfo
      const [, algorithm, encrypted] = children(eci);
      if (!encrypted) continue;
      safeContents = decrypt(algorithm as Asn1Node, octets(encrypted), password);
    } else continue;
    for (const bag of children(readNode(safeContents))) {
      const bagId = oid(child(bag, 0));
      const value = child(child(bag, 1), 0);
      if (bagId === OID.certBag) {
        if (oid(child(value, 0)) === OID.x509Certificate) certs.push(octets(child(child(value, 1), 0)));
      } else if (bagId === OID.shroudedKeyBag) {
        try {
          keys.push(createPrivateKey({ key: raw(value), format: 'der', type: 'pkcs8', passphrase: password }));
        } catch {
          throw new Pkcs12Error('não foi possível abrir a chave privada (senha incorreta ou algoritmo não suportado)');
        }
      } else if (bagId === OID.keyBag) {
        keys.push(createPrivateKey({ key: raw(value), format: 'der', type: 'pkcs8' }));
      }
    }
  }
  if (keys.length === 0) throw new Pkcs12Error('o arquivo PKCS#12 não contém chave privada');
  const privateKey = keys[0] as KeyObject;
  const x509s = certs.map((c) => new X509Certificate(c));
  const certificate = x509s.find((c) => c.checkPrivateKey(privateKey));
  if (!certificate) throw new Pkcs12Error('nenhum certificado do arquivo corresponde à chave privada');
  return { privateKey, certificate, certificatesDer: certs };
}
