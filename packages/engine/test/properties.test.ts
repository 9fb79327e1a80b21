import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateDay, compilePolicy, type DayInput, type DayResult, type PolicyInput } from '../src/index.js';
import { measureDay } from '../src/raw/raw.js';
import { pairPunches } from '../src/pairing/pair.js';

const DAY = 20214; // 2025-05-06, a Tuesday
const BASE = DAY * 1440;
const TEMPLATES: number[][] = [
  [480, 720, 780, 1020],
  [420, 660, 720, 960],
  [540, 840],
  [480, 600, 615, 720, 780, 1020],
  [],
];
const POLICIES: PolicyInput[] = [
  {},
  { horaExtraRefeicao: false, toleranciaInicioHoraExtra: 0 },
  { parametroRefeicao: 3 },
  {
    incluirBancoHoras: true,
    bancoHoraArmazenamento: { atrasos: true, faltaDeMarcacao: true, Terca: { horaExtra: true, limiteHE: '00:30' } },
    bancoHoraTransferencia: { fatorTerca: '1,5' },
    faixasHoraExtra: [
      {
        tipo: 1,
        ate: 1,
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
        tipo: 1,
        ate: 99,
        segunda: 100,
        terca: 100,
        quarta: 100,
        quinta: 100,
        sexta: 100,
        sabado: 100,
        domingo: 100,
        feriado: 100,
        folga: 100,
      },
    ],
  },
  { descontarSegundoIntervalo: false, controleFalta: 1 },
];

/** A day entirely inside 05:30–21:30, so shifting it by up to ±25 min never touches the night window. */
const dayArb = fc.record({
  template: fc.integer({ min: 0, max: TEMPLATES.length - 1 }),
  policy: fc.integer({ min: 0, max: POLICIES.length - 1 }),
  flexible: fc.boolean(),
  punches: fc.uniqueArray(fc.integer({ min: 330, max: 1290 }), { maxLength: 8 }),
  occurrence: fc.option(fc.constantFrom('falta', 'atraso', 'saida', 'excesso', 'fm'), { nil: undefined }),
  tipo: fc.constantFrom(1, 2, 3),
  prev: fc.option(fc.integer({ min: 60, max: 900 }), { nil: undefined }),
});
type DayCase = typeof dayArb extends fc.Arbitrary<infer T> ? T : never;

function build(c: DayCase, shift = 0, order?: number[]): DayInput {
  const slots = TEMPLATES[c.template]!.map((m) => BASE + m + shift);
  const punches = c.punches.map((m) => ({ at: BASE + m + shift }));
  const input: DayInput = {
    plan: { date: DAY, dayType: 'weekday', column: 'terca', slots, flexible: c.flexible, regime12x36: false },
    punches: order ? order.map((i) => punches[i]!) : punches,
    bankActive: true,
  };
  if (c.occurrence) input.occurrences = [{ justificationType: c.tipo, scopes: [c.occurrence as never] }];
  if (c.prev !== undefined) input.previousJourney = { lastPunch: BASE - c.prev + shift };
  return input;
}

const compiled = POLICIES.map((p) => compilePolicy(p));
const calc = (c: DayCase, shift = 0, order?: number[]): DayResult =>
  calculateDay(build(c, shift, order), compiled[c.policy]!);

function withoutInstants(r: DayResult): Omit<DayResult, 'effectivePunches' | 'pairs' | 'orphans'> {
  const { effectivePunches: _e, pairs: _p, orphans: _o, ...rest } = r;
  return rest;
}

describe('properties (fast-check)', () => {
  it('is idempotent and does not mutate its input', () => {
    fc.assert(
      fc.property(dayArb, (c) => {
        const input = build(c);
        const before = JSON.stringify(input);
        const a = calculateDay(input, compiled[c.policy]!);
        const b = calculateDay(input, compiled[c.policy]!);
        expect(b).toEqual(a);
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same day result for the same punches in any order', () => {
    fc.assert(
      fc.property(
        dayArb.chain((c) =>
          fc.tuple(
            fc.constant(c),
            fc.shuffledSubarray([...c.punches.keys()], { minLength: c.punches.length, maxLength: c.punches.length }),
          ),
        ),
        ([c, order]) => {
          expect(calc(c, 0, order)).toEqual(calc(c));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('moving every punch and slot by the same amount outside the night window changes only the instants', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -25, max: 25 }), (c, shift) => {
        expect(withoutInstants(calc(c, shift))).toEqual(withoutInstants(calc(c)));
      }),
      { numRuns: 300 },
    );
  });

  it('worked = sum of the complete pairs, and pairs come from the effective punches', () => {
    fc.assert(
      fc.property(dayArb, (c) => {
        const r = calc(c);
        let sum = 0;
        for (let i = 0; i < r.pairs.length; i += 2) {
          expect(r.pairs[i + 1]!).toBeGreaterThan(r.pairs[i]!);
          sum += r.pairs[i + 1]! - r.pairs[i]!;
        }
        expect(r.worked).toBe(sum);
        expect(r.pairs.length + r.orphans.length).toBe(r.effectivePunches.length);
        expect(r.faltaMarcacaoFlag).toBe(r.orphans.length > 0);
      }),
      { numRuns: 300 },
    );
  });

  it('holds the raw identity W − P = cE + cL + cI − Atraso − Saída − Excesso (spec §6.3)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATES.slice(0, 4)),
        fc
          .uniqueArray(fc.integer({ min: 300, max: 1300 }), { minLength: 2, maxLength: 8 })
          .filter((a) => a.length % 2 === 0),
        (slots, ps) => {
          const punches = [...ps].sort((a, b) => a - b);
          const pairing = pairPunches(punches, slots);
          const r = measureDay(slots, punches.length, pairing, false, true);
          if (r.mode !== 'fixed') return;
          const P = slots.reduce((s, v, i) => s + (i % 2 ? v : -v), 0);
          expect(r.worked - P).toBe(r.cE + r.cL + r.cI - r.atraso - r.saida - r.excesso);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never produces negative or fractional minutes', () => {
    fc.assert(
      fc.property(dayArb, (c) => {
        const r = calc(c);
        const nums = [
          r.worked,
          r.normal,
          r.atraso,
          r.saidaAntecipada,
          r.falta,
          r.excessoIntervalo,
          r.faltaMarcacao,
          r.nightReal,
          r.nightReduced,
          r.interjornadaShortfall,
          r.intervaloSuprimido,
          r.abono,
          r.bankCredit,
          r.bankDebit,
          ...Object.values(r.overtime),
        ];
        for (const n of nums) expect(Number.isInteger(n) && n >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('purity guard', () => {
  it('engine sources use no Date, clock, randomness or I/O (spec §2.1)', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes(`${'/'}cli${'/'}`)) files.push(p);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      expect(src, f).not.toMatch(/new Date\(|Date\.now|Math\.random|performance\.now|from 'node:fs'|process\.env/);
    }
  });
});
