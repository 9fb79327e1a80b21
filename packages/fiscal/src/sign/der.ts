/**
 * The little ASN.1 needed to read a PKCS#12 file and write a CMS SignedData:
 * a BER reader (indefinite lengths and constructed strings occur in PFX files
 * exported by Windows) and a DER writer.
 */

export interface Asn1Node {
  /** Full identifier octet (class, constructed bit, tag number < 31). */
  tag: number;
  constructed: boolean;
  /** Offsets in the buffer: the element starts at `start`, its content at `contentStart`, and it ends at `end`. */
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
  buf: Uint8Array;
}

export class Asn1Error extends Error {}

export function readNode(buf: Uint8Array, pos = 0): Asn1Node {
  const start = pos;
  if (pos + 2 > buf.length) throw new Asn1Error('ASN.1 truncado');
  const tag = buf[pos++] as number;
  if ((tag & 0x1f) === 0x1f) throw new Asn1Error('ASN.1: tags longas não suportadas');
  const constructed = (tag & 0x20) !== 0;
  let len = buf[pos++] as number;
  if (len === 0x80) {
    if (!constructed) throw new Asn1Error('ASN.1: comprimento indefinido em tipo primitivo');
    const contentStart = pos;
    let p = pos;
    while (!(buf[p] === 0 && buf[p + 1] === 0)) {
      if (p >= buf.length) throw new Asn1Error('ASN.1 truncado');
      p = readNode(buf, p).end;
    }
    return { tag, constructed, start, contentStart, contentEnd: p, end: p + 2, buf };
  }
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n > 4) throw new Asn1Error('ASN.1: comprimento grande demais');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + (buf[pos++] as number);
  }
  const end = pos + len;
  if (end > buf.length) throw new Asn1Error('ASN.1 truncado');
  return { tag, constructed, start, contentStart: pos, contentEnd: end, end, buf };
}

export function children(node: Asn1Node): Asn1Node[] {
  const out: Asn1Node[] = [];
  let p = node.contentStart;
  while (p < node.contentEnd) {
    const c = readNode(node.buf, p);
    out.push(c);
    p = c.end;
  }
  return out;
}

export function child(node: Asn1Node, i: number): Asn1Node {
  const c = children(node)[i];
  if (!c) throw new Asn1Error(`ASN.1: elemento ${i} ausente`);
  return c;
}

export function content(node: Asn1Node): Buffer {
  return Buffer.from(node.buf.subarray(node.contentStart, node.contentEnd));
}

/** The whole element, re-encoded with a definite length when it was BER-indefinite. */
export function raw(node: Asn1Node): Buffer {
  return Buffer.from(node.buf.subarray(node.start, node.end));
}

/** OCTET STRING content, joining the pieces of a constructed (BER) one. */
export function octets(node: Asn1Node): Buffer {
  if (!node.constructed) return content(node);
  return Buffer.concat(children(node).map(octets));
}

export function oid(node: Asn1Node): string {
  if (node.tag !== 0x06) throw new Asn1Error('ASN.1: OID esperado');
  const b = node.buf.subarray(node.contentStart, node.contentEnd);
  const first = b[0] as number;
  const parts = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + ((b[i] as number) & 0x7f);
    if (((b[i] as number) & 0x80) === 0) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

export function integer(node: Asn1Node): number {
  let v = 0;
  for (let i = node.contentStart; i < node.contentEnd; i++) v = v * 256 + (node.buf[i] as number);
  return v;
}

// ---- DER writer ---------------------------------------------------------------

function lengthBytes(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n = Math.floor(n / 256);
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

export const seq = (...parts: Uint8Array[]) => tlv(0x30, ...parts);
export const octetString = (b: Uint8Array) => tlv(0x04, b);
export const nullValue = () => Buffer.from([0x05, 0x00]);

/** SET OF in DER order (X.690 §11.6: elements sorted by their encodings). */
export function setOf(...parts: Buffer[]): Buffer {
  return tlv(0x31, ...[...parts].sort(Buffer.compare));
}

export function smallInteger(n: number): Buffer {
  const bytes: number[] = [];
  do {
    bytes.unshift(n & 0xff);
    n = Math.floor(n / 256);
  } while (n > 0);
  if ((bytes[0] as number) & 0x80) bytes.unshift(0);
  return tlv(0x02, Buffer.from(bytes));
}

export function oidValue(dotted: string): Buffer {
  const p = dotted.split('.').map(Number);
  const out: number[] = [(p[0] as number) * 40 + (p[1] as number)];
  for (const n of p.slice(2)) {
    const chunk: number[] = [n & 0x7f];
    let v = Math.floor(n / 128);
    while (v > 0) {
      chunk.unshift((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime for 1950-2049, GeneralizedTime otherwise (RFC 5652 §11.3). */
export function time(d: Date): Buffer {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const y = d.getUTCFullYear();
  const rest = iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16) + iso.slice(17, 19) + 'Z';
  if (y >= 1950 && y < 2050) return tlv(0x17, Buffer.from(iso.slice(2, 4) + rest, 'ascii'));
  return tlv(0x18, Buffer.from(iso.slice(0, 4) + rest, 'ascii'));
}
