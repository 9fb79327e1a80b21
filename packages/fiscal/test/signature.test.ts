/**
 * Detached CAdES signature, checked by an independent tool: Debian's
 * `openssl cms -verify`, with and without the throwaway CA as trust anchor.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDetachedWithPkcs12 } from '../src/sign/cades.js';
import { pkcs12Kdf, rc2CbcDecrypt, readPkcs12, Pkcs12Error } from '../src/sign/pkcs12.js';
import { writeAej } from '../src/aej/writer.js';
import { AEJ_FIXTURE } from './data.js';
import { fixture } from './helpers.js';

let dir: string;
const path = (f: string) => join(dir, f);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
const PASSWORD = 'senha-do-A1';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fiscal-sign-'));
  writeFileSync(
    path('ca.cnf'),
    '[req]\ndistinguished_name=dn\n[dn]\n[v3_ca]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\n[v3_leaf]\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n',
  );
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/C=BR/O=AC TESTE/CN=AC Teste Jornada',
    '-days',
    '30',
    '-config',
    'ca.cnf',
    '-extensions',
    'v3_ca',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'a1.key',
    '-out',
    'a1.csr',
    '-subj',
    '/C=BR/O=ICP-Brasil/CN=EMPRESA FICTICIA DE TESTES LTDA:11222333000181',
    '-config',
    'ca.cnf',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'a1.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'a1.pem',
    '-days',
    '10',
    '-extfile',
    'ca.cnf',
    '-extensions',
    'v3_leaf',
  );
  // OpenSSL 3 default: PBES2/AES-256-CBC + HMAC-SHA-256; -legacy: 3DES key + RC2-40 certificates + HMAC-SHA-1 (Windows-era A1 files).
  openssl(
    'pkcs12',
    '-export',
    '-inkey',
    'a1.key',
    '-in',
    'a1.pem',
    '-certfile',
    'ca.pem',
    '-out',
    'a1.p12',
    '-passout',
    `pass:${PASSWORD}`,
  );
  openssl(
    'pkcs12',
    '-export',
    '-legacy',
    '-inkey',
    'a1.key',
    '-in',
    'a1.pem',
    '-certfile',
    'ca.pem',
    '-out',
    'a1-legacy.p12',
    '-passout',
    `pass:${PASSWORD}`,
  );
  openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ec.key');
  openssl('req', '-new', '-key', 'ec.key', '-out', 'ec.csr', '-subj', '/CN=EC A1', '-config', 'ca.cnf');
  openssl(
    'x509',
    '-req',
    '-in',
    'ec.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'ec.pem',
    '-days',
    '10',
    '-extfile',
    'ca.cnf',
    '-extensions',
    'v3_leaf',
  );
  openssl('pkcs12', '-export', '-inkey', 'ec.key', '-in', 'ec.pem', '-out', 'ec.p12', '-passout', `pass:${PASSWORD}`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function verify(contentFile: string, sigFile: string, trust: 'none' | 'ca') {
  const args = [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    sigFile,
    '-content',
    contentFile,
    '-out',
    '/dev/null',
  ];
  if (trust === 'none') args.push('-noverify');
  else args.push('-CAfile', 'ca.pem');
  return spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
}

describe.each([
  ['AES/PBES2 PKCS#12', 'a1.p12'],
  ['legacy 3DES + RC2-40 PKCS#12', 'a1-legacy.p12'],
  ['ECDSA P-256', 'ec.p12'],
])('detached CAdES with a %s', (_name, p12) => {
  it('openssl cms verifies the AFD signature, with and without the CA as trust anchor', () => {
    const afd = fixture('synthetic/afd671_rep-p_kermit_sha256.txt');
    writeFileSync(path('afd.txt'), afd);
    writeFileSync(path('afd.p7s'), signDetachedWithPkcs12(afd, readFileSync(path(p12)), PASSWORD));
    const plain = verify('afd.txt', 'afd.p7s', 'none');
    expect(plain.stderr).toContain('Verification successful');
    expect(plain.status).toBe(0);
    const anchored = verify('afd.txt', 'afd.p7s', 'ca');
    expect(anchored.stderr).toContain('Verification successful');
    expect(anchored.status).toBe(0);
  });

  it('fails verification when one byte of the file changes', () => {
    const afd = Buffer.from(fixture('synthetic/afd671_rep-p_kermit_sha256.txt'));
    writeFileSync(path('sig.p7s'), signDetachedWithPkcs12(afd, readFileSync(path(p12)), PASSWORD));
    afd[500] = afd[500] === 0x30 ? 0x31 : 0x30;
    writeFileSync(path('tampered.txt'), afd);
    const r = verify('tampered.txt', 'sig.p7s', 'none');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/digest failure|verification failure/i);
  });
});

describe('CAdES attributes', () => {
  it('carries content-type, message-digest (SHA-256), signing-time and signing-certificate-v2', () => {
    const aej = writeAej(AEJ_FIXTURE).bytes;
    writeFileSync(path('aej.txt'), aej);
    const when = new Date(Date.now() + 60_000);
    writeFileSync(
      path('aej.p7s'),
      signDetachedWithPkcs12(aej, readFileSync(path('a1.p12')), PASSWORD, { signingTime: when }),
    );
    expect(verify('aej.txt', 'aej.p7s', 'ca').status).toBe(0);
    const dump = openssl('cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'aej.p7s').toString('utf8');
    expect(dump).toContain('contentType');
    expect(dump).toContain('messageDigest');
    expect(dump).toContain('signingTime');
    expect(dump).toMatch(/signingCertificateV2|id-smime-aa-signingCertificateV2/);
    expect(dump).toContain('sha256');
    expect(dump).toContain('eContent: <ABSENT>'); // detached
    // asn1parse prints every OCTET STRING in full: find the content digest and the ESS certificate hash.
    const asn1 = openssl('asn1parse', '-inform', 'DER', '-in', 'aej.p7s').toString('utf8');
    expect(asn1).toContain(`[HEX DUMP]:${createHash('sha256').update(aej).digest('hex').toUpperCase()}`);
    const certDer = Buffer.from(readFileSync(path('a1.pem'), 'utf8').replace(/-----[^-]+-----|\s/g, ''), 'base64');
    expect(asn1).toContain(`[HEX DUMP]:${createHash('sha256').update(certDer).digest('hex').toUpperCase()}`);
  });

  it('embeds the chain from the PKCS#12', () => {
    const p7s = signDetachedWithPkcs12(Buffer.from('x'), readFileSync(path('a1.p12')), PASSWORD);
    writeFileSync(path('x.p7s'), p7s);
    const certs = openssl('pkcs7', '-inform', 'DER', '-in', 'x.p7s', '-print_certs').toString('utf8');
    expect(certs).toContain('AC Teste Jornada');
    expect(certs).toContain('11222333000181');
  });

  it('refuses a certificate outside its validity', () => {
    expect(() =>
      signDetachedWithPkcs12(Buffer.from('x'), readFileSync(path('a1.p12')), PASSWORD, {
        signingTime: new Date('2020-01-01T00:00:00Z'),
      }),
    ).toThrow(/validade/);
  });

  it.each(['a1.p12', 'a1-legacy.p12'])('a wrong password on %s is reported in Portuguese', (p12) => {
    expect(() => readPkcs12(readFileSync(path(p12)), 'errada')).toThrow(Pkcs12Error);
    expect(() => readPkcs12(readFileSync(path(p12)), 'errada')).toThrow(/senha/);
  });

  it('rejects something that is not a PKCS#12', () => {
    expect(() => readPkcs12(Buffer.from('not a pfx file at all'), 'x')).toThrow(Pkcs12Error);
  });
});

describe('PKCS#12 primitives', () => {
  it('RC2-40-CBC decrypts what OpenSSL (legacy provider) encrypted', () => {
    const key = randomBytes(5);
    const iv = randomBytes(8);
    const plain = Buffer.from('certificado de teste RC2 com mais de um bloco');
    writeFileSync(path('plain.bin'), plain);
    const enc = openssl(
      'enc',
      '-rc2-40-cbc',
      '-provider',
      'legacy',
      '-provider',
      'default',
      '-K',
      key.toString('hex'),
      '-iv',
      iv.toString('hex'),
      '-in',
      'plain.bin',
    );
    expect(rc2CbcDecrypt(key, 40, iv, enc)).toEqual(plain);
  });

  it('the PKCS#12 KDF gives keys that 3DES accepts and round-trip', () => {
    const pw = Buffer.from('\0s\0e\0n\0h\0a\0\0', 'latin1');
    const salt = Buffer.from('0102030405060708', 'hex');
    const k1 = pkcs12Kdf('sha1', pw, salt, 1, 2048, 24);
    const k2 = pkcs12Kdf('sha1', pw, salt, 1, 2048, 24);
    expect(k1).toEqual(k2);
    expect(pkcs12Kdf('sha1', pw, salt, 2, 2048, 8)).not.toEqual(k1.subarray(0, 8));
    expect(() => createCipheriv('des-ede3-cbc', k1, Buffer.alloc(8))).not.toThrow();
  });
});
