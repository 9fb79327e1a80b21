/** AFD lines built by hand (1510) or by the writer (671), shared by the reader tests. */
import { writeAfd671 } from '../src/afd/writer.js';
import { crc16Latin1, crcHex, type CrcVariant } from '../src/shared/crc16.js';
import { REP_C_FIXTURE, REP_P_FIXTURE } from './data.js';

// ---- 1510 lines by hand (spec §4) ------------------------------------------
export const H1510 =
  '000000000' +
  '1' +
  '1' +
  '11222333000181' +
  ' '.repeat(12) +
  'EMPRESA'.padEnd(150) +
  '00004000070000001' +
  '01032024' +
  '31032024' +
  '01042024' +
  '0900';
export const t3 = (nsr: number, dmy = '04032024', hm = '0800', pis = '012056412545') =>
  `${String(nsr).padStart(9, '0')}3${dmy}${hm}${pis}`;
export const t5 = (nsr: number, name = 'FULANO DE TAL') =>
  `${String(nsr).padStart(9, '0')}5010320240705I012056412545${name.padEnd(52)}`;
export const trailer1510 = (t2: number, t3n: number, t4: number, t5n: number) =>
  `999999999${[t2, t3n, t4, t5n].map((n) => String(n).padStart(9, '0')).join('')}9`;

export const file = (lines: string[], eol = '\r\n', finalEol = true) => lines.join(eol) + (finalEol ? eol : '');

// ---- 671 lines: from the writer (checked byte for byte against the fixtures) -
export const repC = writeAfd671(REP_C_FIXTURE).bytes.toString('latin1').split('\r\n').slice(0, -1);
export const repP = writeAfd671(REP_P_FIXTURE).bytes.toString('latin1').split('\r\n').slice(0, -1);
export const withCrc = (body: string, v: CrcVariant = 'KERMIT') => body + crcHex(crc16Latin1(v, body));
export const t3of671 = (nsr: number, dh: string, id = '052998224725', v: CrcVariant = 'KERMIT') =>
  withCrc(`${String(nsr).padStart(9, '0')}3${dh}${id}`, v);
