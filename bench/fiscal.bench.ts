/**
 * Fiscal files benchmark (`npx tsx bench/fiscal.bench.ts`, or `npm run bench -- fiscal`).
 *
 * 1. Generates a 1,000,000-line Portaria 671 AFD (REP-C punches, ≈ 52 MB) in a
 *    temp dir, reads it back through the streaming reader and prints MB/s on
 *    one core and the peak memory. Target: ≥ 50 MB/s, peak ≤ 150 MB.
 * 2. Writes an AEJ for 10,000 employees × 1 month and prints the time. Target: ≤ 5 s.
 */
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Afd671LineWriter } from '../packages/fiscal/src/afd/writer.js';
import { readAfd } from '../packages/fiscal/src/afd/reader.js';
import { writeAej, type AejAbsence, type AejBond, type AejMark } from '../packages/fiscal/src/aej/writer.js';
import { cpfCheckDigits } from '../packages/fiscal/src/shared/ids.js';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const MB = 1024 * 1024;
const LINES = 1_000_000;

/** A valid CPF for employee i (9 base digits + check digits). */
function cpf(i: number): string {
  const base = String(100_000_000 + i * 7).slice(0, 9);
  return base + cpfCheckDigits(base);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function generateAfd(path: string): void {
  const w = new Afd671LineWriter({
    repKind: 'REP_C',
    employer: { idKind: 1, id: '11222333000181', name: 'EMPRESA DE BENCHMARK LTDA' },
    repIdentifier: '00014003750000001',
    developer: { idKind: 1, id: '11444777000161' },
    model: 'MODELO BENCH',
    firstDate: '2024-01-01',
    lastDate: '2024-12-31',
    generatedAt: { local: '2025-01-02T08:00', offset: '-0300' },
  });
  const fd = openSync(path, 'w');
  const cpfs = Array.from({ length: 1000 }, (_, i) => cpf(i));
  let batch: string[] = [w.header()];
  const punches = LINES - 3; // header, trailer and signature line
  for (let i = 0; i < punches; i++) {
    const minuteOfYear = Math.floor(i / 4);
    const day = Math.floor(minuteOfYear / 1440) % 28;
    const month = Math.floor(minuteOfYear / (1440 * 28)) % 12;
    const m = minuteOfYear % 1440;
    const local = `2024-${pad2(month + 1)}-${pad2(day + 1)}T${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
    batch.push(w.entry({ type: 3, dateTime: { local, offset: '-0300' }, cpf: cpfs[i % cpfs.length] as string }));
    if (batch.length >= 20_000) {
      writeSync(fd, Buffer.from(`${batch.join('\r\n')}\r\n`, 'latin1'));
      batch = [];
    }
  }
  batch.push(w.trailer(), w.signature());
  writeSync(fd, Buffer.from(`${batch.join('\r\n')}\r\n`, 'latin1'));
  closeSync(fd);
}

async function benchRead(path: string): Promise<void> {
  gc();
  const size = statSync(path).size;
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  };
  const timer = setInterval(sample, 20);
  let punches = 0;
  let issues = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const summary = await readAfd(createReadStream(path, { highWaterMark: 1 << 20 }), {
    onRecord: (r) => {
      if (r.type === 3) punches++;
    },
    onIssue: () => {
      issues++;
    },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  sample();
  console.log(
    `AFD read: ${summary.lines.toLocaleString('en')} lines, ${(size / MB).toFixed(1)} MB, ${punches.toLocaleString('en')} punches, ${issues} issues, layout ${summary.layout}, CRC ${summary.crcVariant}`,
  );
  console.log(
    `  time ${seconds.toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU → ${(size / MB / seconds).toFixed(1)} MB/s (target ≥ 50)`,
  );
  const maxRss = process.resourceUsage().maxRSS / 1024; // KiB → MiB, whole process life
  console.log(
    `  peak memory: max RSS ${maxRss.toFixed(0)} MB for the whole reading process (target ≤ 150; ${(base.rss / MB).toFixed(0)} MB of it is Node + tsx before reading), peak heap ${(peakHeap / MB).toFixed(0)} MB`,
  );
  if (issues !== 0 || punches !== LINES - 3) throw new Error('benchmark file did not read back cleanly');
}

function benchAej(): void {
  const employees = 10_000;
  const bonds: AejBond[] = [];
  const marks: AejMark[] = [];
  const absences: AejAbsence[] = [];
  for (let e = 1; e <= employees; e++) {
    bonds.push({ id: e, cpf: cpf(e), name: `EMPREGADO NÚMERO ${e}` });
    for (let d = 1; d <= 31; d++) {
      const date = `2024-03-${pad2(d)}`;
      const weekday = (d + 4) % 7; // 2024-03-01 is a Friday
      if (weekday === 0) {
        absences.push({ bondId: e, kind: 1, date });
        continue;
      }
      if (weekday === 6) continue;
      const at = (hm: string) => ({ local: `${date}T${hm}`, offset: '-0300' });
      marks.push(
        { bondId: e, dateTime: at('08:00'), repId: 1, kind: 'E', pair: 1, source: 'O', scheduleCode: 'H0800' },
        { bondId: e, dateTime: at('12:00'), repId: 1, kind: 'S', pair: 1, source: 'O' },
        { bondId: e, dateTime: at('13:00'), repId: 1, kind: 'E', pair: 2, source: 'O' },
        { bondId: e, dateTime: at('17:00'), repId: 1, kind: 'S', pair: 2, source: 'O' },
      );
    }
  }
  gc();
  const t0 = process.hrtime.bigint();
  const out = writeAej({
    employer: { idKind: 1, id: '11222333000181', name: 'EMPRESA DE BENCHMARK LTDA' },
    firstDate: '2024-03-01',
    lastDate: '2024-03-31',
    generatedAt: { local: '2024-04-01T09:00', offset: '-0300' },
    reps: [{ id: 1, kind: 1, number: '00014003750000001' }],
    bonds,
    schedules: [
      {
        code: 'H0800',
        durationMinutes: 480,
        pairs: [
          { entry: '08:00', exit: '12:00' },
          { entry: '13:00', exit: '17:00' },
        ],
      },
    ],
    marks,
    absences,
    program: {
      name: 'Jornada',
      version: '0.1.0',
      developer: { idKind: 1, id: '11444777000161' },
      developerName: 'JORNADA',
      email: 'contato@example.com',
    },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(
    `AEJ write: ${employees.toLocaleString('en')} employees × 1 month, ${out.counts['05'].toLocaleString('en')} marks, ${out.counts['07'].toLocaleString('en')} absences, ${(out.bytes.length / MB).toFixed(1)} MB in ${seconds.toFixed(2)} s (target ≤ 5)`,
  );
}

async function main(): Promise<void> {
  // The reading runs in its own process so its peak memory is not the generator's.
  if (process.argv[2] === '--read') return benchRead(process.argv[3] as string);
  const dir = mkdtempSync(join(tmpdir(), 'fiscal-bench-'));
  try {
    const path = join(dir, 'AFD-bench.txt');
    const t0 = Date.now();
    generateAfd(path);
    console.log(`generated ${path} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', fileURLToPath(import.meta.url), '--read', path],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) throw new Error('reading benchmark failed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  benchAej();
}

await main();
