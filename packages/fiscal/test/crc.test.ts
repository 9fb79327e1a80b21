import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crc16, crc16Latin1, crcHex, parseCrcField, type CrcVariant } from '../src/shared/crc16.js';

const bytes = (s: string, enc: BufferEncoding = 'latin1') => Buffer.from(s, enc);

describe('CRC-16 variants (spec §8.1 vectors)', () => {
  it.each([
    ['KERMIT', '123456789', '2189'],
    ['MODBUS', '123456789', '4B37'],
    ['CCITT-FALSE', '123456789', '29B1'],
    ['MODBUS', '00000039132025-09-24T13:32:00-0300004784026940', 'DA3D'],
    ['CCITT-FALSE', '0000001313290820161541111111111111', '9182'],
    ['KERMIT', '00000000632024-03-04T07:58:00-0300052998224725', '54E0'],
  ] as const)('%s(%s) = %s', (variant: CrcVariant, input, expected) => {
    expect(crcHex(crc16(variant, bytes(input)))).toBe(expected);
    expect(crcHex(crc16Latin1(variant, input))).toBe(expected);
  });

  it('is computed over ISO-8859-1 bytes: JOÃO gives 2FB6, its UTF-8 form 3602', () => {
    const body =
      '00000000252024-03-01T07:05:00-0300I052998224725' + 'JOÃO DA SILVA'.padEnd(52, ' ') + '    ' + '98765432100';
    expect(crcHex(crc16('KERMIT', bytes(body)))).toBe('2FB6');
    expect(crcHex(crc16('KERMIT', bytes(body, 'utf8')))).toBe('3602');
  });

  it('honours start and end offsets', () => {
    const b = bytes('xx123456789yy');
    expect(crc16('KERMIT', b, 2, 11)).toBe(0x2189);
  });

  it.each([
    ['DA3D', 0xda3d],
    ['da3d', 0xda3d],
    ['0000', 0],
    ['71fb', 0x71fb],
    ['G000', -1],
    ['    ', -1],
  ])('parses the CRC field %s', (field, value) => expect(parseCrcField(bytes(field), 0)).toBe(value));
});

describe('SHA-256 chain vectors (spec §8.2)', () => {
  it('first and second type 7 records', () => {
    const first = createHash('sha256')
      .update('00000000572024-03-04T08:00:00-03000529982247252024-03-04T08:00:00-0300010', 'latin1')
      .digest('hex');
    expect(first).toBe('4b9081d7c66ac310972d416ce62933bc58a39301422f6bed925c4025a693a09b');
    const second = createHash('sha256')
      .update('00000000672024-03-04T08:02:00-03000111444777352024-03-04T08:02:00-0300020' + first, 'latin1')
      .digest('hex');
    expect(second).toBe('f4d3edaf70294df4f14caa97f9c0f7bd5bc0af049532780e4793b71a6ee2f9ae');
  });
});
