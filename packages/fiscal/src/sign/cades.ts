/**
 * Detached CAdES-BES signature (`.p7s`, CMS SignedData, SHA-256) of an AFD or
 * AEJ, as Portaria 671 arts. 86-88 require for REP-A/REP-P AFDs and every AEJ
 * (spec §8.3). Built on Node's crypto with a small DER writer; the A1
 * certificate comes as a PKCS#12 file and its password.
 *
 * CAdES-BES = CMS SignedData whose signed attributes carry content-type,
 * message-digest and ESS signing-certificate-v2 (ETSI EN 319 122-1 §5.2).
 * ICP-Brasil policies (AD-RB) add a signature-policy-identifier attribute;
 * it can be passed in `policy` when the policy OID and hash are known.
 */
import { createHash, sign as cryptoSign, type KeyObject, type X509Certificate } from 'node:crypto';
import { child, children, raw, readNode } from './der.js';
import { nullValue, octetString, oidValue, seq, setOf, smallInteger, time, tlv } from './der.js';
import { readPkcs12, Pkcs12Error } from './pkcs12.js';

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sigPolicyId: '1.2.840.113549.1.9.16.2.15',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

export interface SignatureOptions {
  /** Signing time written in the signed attributes (default: now). */
  signingTime?: Date;
  /** Refuse a certificate outside its validity at signing time (default true). */
  requireValidCertificate?: boolean;
  /** ICP-Brasil signature policy (AD-RB …): OID and the SHA-256 of the policy document. */
  policy?: { oid: string; sha256: Uint8Array };
}

export interface SignerCredentials {
  privateKey: KeyObject;
  certificate: X509Certificate;
  /** DER of every certificate to embed (signer first or not; the chain if known). */
  certificatesDer: Buffer[];
}

const algorithm = (o: string, withNull: boolean) => (withNull ? seq(oidValue(o), nullValue()) : seq(oidValue(o)));
const attribute = (type: string, value: Buffer) => seq(oidValue(type), setOf(value));

/** issuer Name and serialNumber INTEGER of a certificate, as encoded in it. */
function issuerAndSerial(certDer: Buffer): { issuer: Buffer; serial: Buffer } {
  const tbs = child(readNode(certDer), 0);
  const fields = children(tbs);
  const offset = fields[0]?.tag === 0xa0 ? 1 : 0; // [0] version is optional
  const serial = fields[offset];
  const issuer = fields[offset + 2];
  if (!serial || !issuer) throw new Pkcs12Error('certificado X.509 malformado');
  return { serial: raw(serial), issuer: raw(issuer) };
}

/** Sign `content` (the AFD/AEJ bytes exactly as saved) and return the DER `.p7s`. */
export function signDetached(content: Uint8Array, signer: SignerCredentials, options: SignatureOptions = {}): Buffer {
  const when = options.signingTime ?? new Date();
  const cert = signer.certificate;
  if (options.requireValidCertificate !== false) {
    if (when < new Date(cert.validFrom) || when > new Date(cert.validTo)) {
      throw new Pkcs12Error(`certificado fora da validade (${cert.validFrom} a ${cert.validTo})`);
    }
  }
  const certDer = cert.raw;
  const { issuer, serial } = issuerAndSerial(certDer);
  const sha256 = algorithm(OID.sha256, false);

  const essCertIdV2 = seq(
    // hashAlgorithm omitted: SHA-256 is its DEFAULT (RFC 5035).
    octetString(createHash('sha256').update(certDer).digest()),
    seq(seq(tlv(0xa4, issuer)), serial), // IssuerSerial { GeneralNames { directoryName }, serial }
  );
  const attrs = [
    attribute(OID.contentType, oidValue(OID.data)),
    attribute(OID.signingTime, time(when)),
    attribute(OID.messageDigest, octetString(createHash('sha256').update(content).digest())),
    attribute(OID.signingCertificateV2, seq(seq(essCertIdV2))),
  ];
  if (options.policy) {
    attrs.push(
      attribute(OID.sigPolicyId, seq(oidValue(options.policy.oid), seq(sha256, octetString(options.policy.sha256)))),
    );
  }
  // The signature covers the attributes encoded as a SET OF (RFC 5652 §5.4).
  const signedAttrsSet = setOf(...attrs);
  const signedAttrsImplicit = Buffer.concat([Buffer.from([0xa0]), signedAttrsSet.subarray(1)]);

  const keyType = signer.privateKey.asymmetricKeyType;
  let signatureAlgorithm: Buffer;
  if (keyType === 'rsa') signatureAlgorithm = algorithm(OID.rsaEncryption, true);
  else if (keyType === 'ec') signatureAlgorithm = algorithm(OID.ecdsaWithSha256, false);
  else throw new Pkcs12Error(`tipo de chave ${keyType ?? '?'} não suportado (use RSA ou ECDSA)`);
  const signature = cryptoSign('sha256', signedAttrsSet, signer.privateKey);

  const signerInfo = seq(
    smallInteger(1),
    seq(issuer, serial),
    sha256,
    signedAttrsImplicit,
    signatureAlgorithm,
    octetString(signature),
  );
  const certificates = signer.certificatesDer.some((c) => c.equals(certDer))
    ? signer.certificatesDer
    : [certDer, ...signer.certificatesDer];
  const signedData = seq(
    smallInteger(1),
    setOf(sha256),
    seq(oidValue(OID.data)), // detached: no eContent
    tlv(0xa0, ...certificates),
    setOf(signerInfo),
  );
  return seq(oidValue(OID.signedData), tlv(0xa0, signedData));
}

/** Convenience: sign with an A1 certificate given as a PKCS#12 file and its password. */
export function signDetachedWithPkcs12(
  content: Uint8Array,
  pfx: Uint8Array,
  password: string,
  options: SignatureOptions = {},
): Buffer {
  return signDetached(content, readPkcs12(pfx, password), options);
}
