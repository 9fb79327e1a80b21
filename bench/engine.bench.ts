/**
 * Engine benchmark (issue point 6): a realistic closing month for 10,000
 * employees — fixed 8-hour days, 44 h weeks with Saturdays, 12x36 nights and
 * 6x1 / 4x2 rotations; hour bank on a third; occurrences on ~5% of days —
 * calculated on one core, trace off and on.
 *
 *   npx tsx bench/engine.bench.ts            (or `npm run bench -- engine`)
 *   EMPLOYEES=2000 npx tsx bench/engine.bench.ts
 *
 * The engine runs as the product runs it, in a V8 with the young generation of the CPU pool's threads
 * (apps/api shared/cpu-pool.ts): started without it, this file starts itself again with it.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GERACAO_JOVEM_DAS_THREADS_MB } from '../apps/api/src/shared/cpu-pool.js';
import {
  calculatePeriod,
  formatDate,
  parseDate,
  parseInstant,
  type PeriodInput,
  type PolicyInput,
  type ScheduleInput,
} from '../packages/engine/src/index.js';

// A young generation of N MB is a semi-space of N / 3 (two semi-spaces and the new large-object space).
const SEMI_ESPACO = `--max-semi-space-size=${GERACAO_JOVEM_DAS_THREADS_MB / 3}`;
if (!process.execArgv.includes(SEMI_ESPACO)) {
  const r = spawnSync(process.execPath, [...process.execArgv, SEMI_ESPACO, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

const EMPLOYEES = Number(process.env.EMPLOYEES ?? 10_000);
const YEAR = 2025;
const MONTH = 5; // May 2025: 31 days, Labour Day holiday
const DAYS = 31;

// Deterministic PRNG (mulberry32) so every run measures the same month.
let seed = 0x2025_05;
function rnd(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const jitter = (max: number): number => Math.round((rnd() * 2 - 1) * max);
const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

function stamp(day: number, minute: number): string {
  // day: 1-based day of May 2025 (may run into June); minute may exceed 1440.
  let d = day + Math.floor(minute / 1440);
  const m = ((minute % 1440) + 1440) % 1440;
  let mo = MONTH;
  if (d > DAYS) {
    d -= DAYS;
    mo += 1;
  } else if (d < 1) {
    d += 30;
    mo -= 1;
  }
  return `${YEAR}-${pad(mo)}-${pad(d)} ${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

const weekdayOfMay = (day: number): number => (day + 3) % 7; // 2025-05-01 is a Thursday (4); 0 = Sunday

const BANK: PolicyInput = {
  incluirBancoHoras: true,
  politicaBancoHora: { periodoInicial: '01/2025', periodoFinal: '12/2025' },
  bancoHoraArmazenamento: {
    faltas: false,
    atrasos: true,
    saidasAntecipadas: true,
    excessoIntevaloRefeicoes: false,
    faltaDeMarcacao: false,
    Segunda: { horaExtra: true, limiteHE: '01:00' },
    Terca: { horaExtra: true, limiteHE: '01:00' },
    Quarta: { horaExtra: true, limiteHE: '01:00' },
    Quinta: { horaExtra: true, limiteHE: '01:00' },
    Sexta: { horaExtra: true, limiteHE: '01:00' },
    Sabados: { horaExtra: true, limiteHE: null },
    Domingos: { horaExtra: false, limiteHE: null },
    Feriados: { horaExtra: false, limiteHE: null },
    Folgas: { horaExtra: false, limiteHE: null },
  },
  bancoHoraTransferencia: {
    fatorSegunda: '1,5',
    fatorTerca: '1,5',
    fatorQuarta: '1,5',
    fatorQuinta: '1,5',
    fatorSexta: '1,5',
    faixaSabados: 50,
  },
};

type Kind = 'fixed' | 'fixed44' | '12x36' | 'rot6x1' | 'rot4x2';
const STD: [string, string][] = [
  ['08:00', '12:00'],
  ['13:00', '17:00'],
];

/** Schedule configurations are shared by the employees that use them (and frozen, so the engine compiles each once). */
const SCHEDULES = new Map<string, ScheduleInput>();
function sharedSchedule(kind: Kind, withBank: boolean): ScheduleInput {
  const key = `${kind}/${withBank}`;
  let s = SCHEDULES.get(key);
  if (!s) {
    s = Object.freeze(scheduleOf(kind, withBank));
    SCHEDULES.set(key, s);
  }
  return s;
}

function scheduleOf(kind: Kind, withBank: boolean): ScheduleInput {
  const policy: PolicyInput = withBank ? { ...BANK } : {};
  switch (kind) {
    case 'fixed':
      return { kind: 'weekly', dayRows: [2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, slots: STD })), policy };
    case 'fixed44':
      return {
        kind: 'weekly',
        dayRows: [
          ...[2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, slots: STD })),
          { dayOfWeek: 7, slots: [['08:00', '12:00']] as [string, string][] },
        ],
        policy,
      };
    case '12x36':
      return {
        kind: 'rotation',
        cycles: [{ position: 1, workDays: 1, offDays: 1, repeat: 1, slots: [['19:00', '07:00']] }],
        policy: {
          ...policy,
          faixasHoraExtra: [
            {
              tipo: 1,
              ate: 99,
              segunda: 50,
              terca: 50,
              quarta: 50,
              quinta: 50,
              sexta: 50,
              sabado: 50,
              domingo: 100,
              feriado: 100,
              folga: 100,
            },
            {
              tipo: 2,
              ate: 99,
              segunda: 70,
              terca: 70,
              quarta: 70,
              quinta: 70,
              sexta: 70,
              sabado: 70,
              domingo: 120,
              feriado: 120,
              folga: 120,
            },
          ],
        },
      };
    case 'rot6x1':
      return {
        kind: 'rotation',
        cycles: [
          {
            position: 1,
            workDays: 6,
            offDays: 1,
            repeat: 1,
            slots: [
              ['06:00', '10:00'],
              ['11:00', '14:20'],
            ],
          },
        ],
        policy: { ...policy, pagarDSR: 2 },
      };
    case 'rot4x2':
      return {
        kind: 'rotation',
        cycles: [
          {
            position: 1,
            workDays: 4,
            offDays: 2,
            repeat: 1,
            slots: [
              ['14:00', '18:00'],
              ['19:00', '23:00'],
            ],
          },
        ],
        policy: { ...policy, pagarDSR: 2 },
      };
  }
}

/** Planned relative pairs of `day` for the generator (it mirrors the schedule only to place punches). */
function plannedFor(kind: Kind, day: number, anchorOffset: number): [number, number][] {
  const wd = weekdayOfMay(day);
  const idx = day - 1 + anchorOffset;
  switch (kind) {
    case 'fixed':
      return wd >= 1 && wd <= 5
        ? [
            [480, 720],
            [780, 1020],
          ]
        : [];
    case 'fixed44':
      return wd >= 1 && wd <= 5
        ? [
            [480, 720],
            [780, 1020],
          ]
        : wd === 6
          ? [[480, 720]]
          : [];
    case '12x36':
      return idx % 2 === 0 ? [[1140, 1860]] : [];
    case 'rot6x1':
      return idx % 7 < 6
        ? [
            [360, 600],
            [660, 860],
          ]
        : [];
    case 'rot4x2':
      return idx % 6 < 4
        ? [
            [840, 1080],
            [1140, 1380],
          ]
        : [];
  }
}

/**
 * The punches as the API hands them to the engine: each its minute since 1970 (apps/api calculo `lerMarcacoes`,
 * as the punch query answers them), parsed here, outside the timed section.
 */
function asQueryMinutes(stamps: string[]): PeriodInput['punches'] {
  return stamps.map((at) => ({ at: parseInstant(at) }));
}

function makeEmployee(i: number): PeriodInput {
  const r = i % 20;
  const kind: Kind = r < 8 ? 'fixed' : r < 12 ? 'fixed44' : r < 15 ? '12x36' : r < 18 ? 'rot6x1' : 'rot4x2';
  const withBank = i % 3 === 0;
  const anchorOffset = i % 7;
  // Rotation anchor: 01/05 is `anchorOffset` positions into the cycle.
  const anchor = formatDate(parseDate('2025-05-01') - anchorOffset);
  const stamps: string[] = [];
  const occurrences: NonNullable<PeriodInput['occurrences']> = [];
  for (let day = -6; day <= DAYS + 6; day++) {
    const slots = plannedFor(kind, day, anchorOffset);
    if (slots.length === 0 || day === 1) continue; // 01/05 is a holiday: nobody punches
    if (rnd() < 0.03) continue; // absence
    for (let k = 0; k < slots.length; k++) {
      const [a, b] = slots[k]!;
      stamps.push(stamp(day, a + jitter(8)));
      if (rnd() < 0.01) continue; // forgotten punch
      stamps.push(stamp(day, b + jitter(k === slots.length - 1 && rnd() < 0.2 ? 90 : 8)));
    }
    if (day >= 1 && day <= DAYS && rnd() < 0.05) {
      const dt = stamp(day, 0).slice(0, 10);
      occurrences.push({
        start: dt,
        end: dt,
        justificationType: rnd() < 0.7 ? 1 : 2,
        scopes: ['atraso', 'saida', 'falta'],
      });
    }
  }
  return {
    start: '2025-05-01',
    end: '2025-05-31',
    schedules: [{ from: anchor, schedule: sharedSchedule(kind, withBank) }],
    punches: asQueryMinutes(stamps),
    holidays: [{ date: '2025-05-01', fixed: true, scope: 1, description: 'Dia do Trabalho' }],
    occurrences,
    previousBankBalance: withBank ? 120 : 0,
  };
}

function mb(n: number): string {
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const gc = (globalThis as { gc?: () => void }).gc;
/**
 * The process before any employee exists: Node, the TypeScript loader (tsx and its esbuild service, about 30 MB
 * that a bundled build does not carry) and the engine's code. What a pass adds on top is the engine's own memory.
 */
gc?.();
const RSS_INICIAL = process.memoryUsage().rss;
/** Employees are generated (untimed) and calculated in batches, as the API's recalculation job feeds them. */
const BATCH = 500;

function run(trace: boolean): void {
  seed = 0x2025_05;
  gc?.();
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  let checksum = 0;
  let ns = 0;
  // CPU time (user + system, µs) of the same timed sections: on a shared machine wall time
  // also counts the other processes' slices, CPU time counts only ours (GC helper threads included).
  let cpuMicros = 0;
  for (let b = 0; b < EMPLOYEES; b += BATCH) {
    const inputs: PeriodInput[] = [];
    for (let i = b; i < Math.min(EMPLOYEES, b + BATCH); i++) inputs.push(makeEmployee(i));
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (const input of inputs) {
      const res = calculatePeriod(input, { trace });
      checksum += res.summary.jornada + res.summary.horasTrabalhadas + (res.bank?.saldoFinal ?? 0);
    }
    ns += Number(process.hrtime.bigint() - t0);
    const c = process.cpuUsage(c0);
    cpuMicros += c.user + c.system;
    const m = process.memoryUsage();
    if (m.rss > peakRss) peakRss = m.rss;
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  }
  const employeeDays = EMPLOYEES * DAYS;
  const seconds = ns / 1e9;
  const cpuSeconds = cpuMicros / 1e6;
  console.log(
    `trace ${trace ? 'ligado   ' : 'desligado'}: ${employeeDays} funcionário-dias em ${seconds.toFixed(3)} s (cálculo, 1 núcleo) → ` +
      `${Math.round(employeeDays / seconds)} funcionário-dias/s, ${Math.round(employeeDays / cpuSeconds)} por segundo de CPU; ` +
      `pico RSS ${mb(peakRss)} (o motor: +${mb(peakRss - RSS_INICIAL)} sobre o processo), pico heap ${mb(peakHeap)}; ` +
      `checksum ${checksum}`,
  );
}

console.log(
  `Engine: ${EMPLOYEES} funcionários × ${DAYS} dias (maio/2025), lotes de ${BATCH}; RSS do processo antes: ${mb(RSS_INICIAL)}`,
);
run(false); // first pass includes JIT warm-up
run(false);
run(true);
