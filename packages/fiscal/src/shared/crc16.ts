/**
 * CRC-16 variants seen in AFD files (spec §8.1, open point 1): KERMIT (gov.br
 * layout for REP-A/REP-P), MODBUS (Control iD REP-C, 671) and CCITT-FALSE
 * (Control iD 595). Table-driven: the reader computes one per record.
 */

export type CrcVariant = 'KERMIT' | 'MODBUS' | 'CCITT-FALSE';
export const CRC_VARIANTS: readonly CrcVariant[] = ['KERMIT', 'MODBUS', 'CCITT-FALSE'];

function reflectedTable(poly: number): Uint16Array {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ poly : c >>> 1;
    t[i] = c;
  }
  return t;
}

function msbTable(poly: number): Uint16Array {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 8;
    for (let k = 0; k < 8; k++) c = c & 0x8000 ? ((c << 1) ^ poly) & 0xffff : (c << 1) & 0xffff;
    t[i] = c;
  }
  return t;
}

const KERMIT_TABLE = reflectedTable(0x8408);
const MODBUS_TABLE = reflectedTable(0xa001);
const CCITT_TABLE = msbTable(0x1021);

function reflected(table: Uint16Array, init: number, buf: Uint8Array, start: number, end: number): number {
  let crc = init;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (table[(crc ^ (buf[i] as number)) & 0xff] as number);
  return crc;
}

export function crc16(variant: CrcVariant, buf: Uint8Array, start = 0, end = buf.length): number {
  switch (variant) {
    case 'KERMIT':
      return reflected(KERMIT_TABLE, 0, buf, start, end);
    case 'MODBUS':
      return reflected(MODBUS_TABLE, 0xffff, buf, start, end);
    case 'CCITT-FALSE': {
      let crc = 0xffff;
      for (let i = start; i < end; i++) {
        crc = ((crc << 8) & 0xffff) ^ (CCITT_TABLE[((crc >>> 8) ^ (buf[i] as number)) & 0xff] as number);
      }
      return crc;
    }
  }
}

/** Four upper-case hex digits, most significant nibble first (open point 2: write upper case). */
export function crcHex(value: number): string {
  return value.toString(16).toUpperCase().padStart(4, '0');
}

/** Parse 4 hex digits of either case; -1 when they are not hex. */
export function parseCrcField(buf: Uint8Array, start: number): number {
  let v = 0;
  for (let i = start; i < start + 4; i++) {
    const c = buf[i] as number;
    let d: number;
    if (c >= 48 && c <= 57) d = c - 48;
    else if (c >= 65 && c <= 70) d = c - 55;
    else if (c >= 97 && c <= 102) d = c - 87;
    else return -1;
    v = (v << 4) | d;
  }
  return v;
}

/** CRC-16 of a string taken as ISO-8859-1 (one char = one byte), for the writers. */
export function crc16Latin1(variant: CrcVariant, s: string): number {
  const table = variant === 'KERMIT' ? KERMIT_TABLE : variant === 'MODBUS' ? MODBUS_TABLE : null;
  if (table === null) return crc16(variant, Buffer.from(s, 'latin1'));
  let crc = variant === 'KERMIT' ? 0 : 0xffff;
  for (let i = 0; i < s.length; i++) crc = (crc >>> 8) ^ (table[(crc ^ s.charCodeAt(i)) & 0xff] as number);
  return crc;
}
