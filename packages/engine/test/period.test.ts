import { describe, expect, it } from 'vitest';
import { calculatePeriod, parseInstant, type PeriodInput, type PolicyInput } from '../src/index.js';

/**
 * One employee × May 2025 through the public API (issue point 2). Every
 * expected value below is derived by hand in the comments.
 */
const full = (d: string): { at: string }[] => ['08:00', '12:00', '13:00', '17:00'].map((t) => ({ at: `${d} ${t}` }));
const STD: [string, string][] = [
  ['08:00', '12:00'],
  ['13:00', '17:00'],
];
const weekdays = [
  '2025-04-28',
  '2025-04-29',
  '2025-04-30',
  '2025-05-02',
  '2025-05-05',
  '2025-05-06',
  '2025-05-09',
  '2025-05-12',
  '2025-05-14',
  '2025-05-15',
  '2025-05-16',
  '2025-05-19',
  '2025-05-20',
  '2025-05-21',
  '2025-05-23',
];

function mayInput(): PeriodInput {
  return {
    start: '2025-05-01',
    end: '2025-05-31',
    employee: { state: 'SP', city: 'Campinas' },
    schedules: [
      {
        from: '2024-01-01',
        schedule: { kind: 'weekly', dayRows: [2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, slots: STD })) },
      },
    ],
    punches: [
      ...weekdays.flatMap(full),
      // 05-07: absent. 05-08: arrives 10:00 (Atraso abonado below).
      { at: '2025-05-08 10:00' },
      { at: '2025-05-08 12:00' },
      { at: '2025-05-08 13:00' },
      { at: '2025-05-08 17:00' },
      // 05-13: stays until 23:00.
      { at: '2025-05-13 08:00' },
      { at: '2025-05-13 12:00' },
      { at: '2025-05-13 13:00' },
      { at: '2025-05-13 23:00' },
      // Saturday 05-17: off-schedule work 14:00-22:00.
      { at: '2025-05-17 14:00' },
      { at: '2025-05-17 22:00' },
      // 05-22: exit at 01:00 of 05-23, moved to the day before (Mover Marcações).
      { at: '2025-05-22 08:00' },
      { at: '2025-05-22 12:00' },
      { at: '2025-05-22 13:00' },
      { at: '2025-05-23 01:00', move: -1 },
      // A discarded duplicate on 05-21 changes nothing.
      { at: '2025-05-21 12:03', discarded: true },
    ],
    holidays: [
      { date: '2025-05-01', fixed: true, scope: 1, description: 'Dia do Trabalho' },
      { date: '2025-05-20', scope: 2, state: 'RJ', description: 'Feriado estadual de outro estado' },
    ],
    leaves: [{ start: '2025-05-26', end: '2025-05-30', reason: 'Atestado médico' }],
    occurrences: [{ start: '2025-05-08', end: '2025-05-08', justificationType: 1, scopes: ['atraso'] }],
  };
}

describe('calculatePeriod — May 2025', () => {
  const res = calculatePeriod(mayInput());
  const day = (d: string) => res.days.find((x) => x.date === d)!;

  it('returns the 31 days of the period', () => {
    expect(res.days.map((d) => d.date)).toHaveLength(31);
    expect(res.days[0]!.date).toBe('2025-05-01');
  });

  it('resolves holidays by abrangência, leave days and weekends', () => {
    expect([day('2025-05-01').dayType, day('2025-05-01').falta]).toEqual(['holiday', 0]);
    // RJ holiday does not apply to an SP employee: a normal, fully punched workday.
    expect([day('2025-05-20').dayType, day('2025-05-20').normal]).toEqual(['weekday', 480]);
    expect([day('2025-05-27').falta, day('2025-05-27').planned]).toEqual([0, 0]);
    expect(day('2025-05-11').falta).toBe(0);
  });

  it('computes the special days', () => {
    expect(day('2025-05-07').falta).toBe(480);
    // 05-08: Atraso 08:00-10:00 = 120 abonado; normal is before justifications (§7.4).
    expect([day('2025-05-08').atraso, day('2025-05-08').abono, day('2025-05-08').normal]).toEqual([0, 120, 360]);
    // 05-13: 17:00-23:00 = 360 HE 50%; night 22-23 = 60 → 69.
    expect([day('2025-05-13').overtime, day('2025-05-13').nightReduced]).toEqual([{ 50: 360 }, 69]);
    // 05-14: rest 23:00 → 08:00 = 540 → 120 short.
    expect(day('2025-05-14').interjornadaShortfall).toBe(120);
    // Saturday 05-17 (no slots): 480 at sabado 50%, no break → 60 suppressed.
    expect([day('2025-05-17').overtime, day('2025-05-17').intervaloSuprimido]).toEqual([{ 50: 480 }, 60]);
    // Monday 05-19: Sat 22:00 → Mon 08:00 = 2040 < 660 + 1440 (unworked Sunday DSR, Súmula 110) → 60.
    expect(day('2025-05-19').interjornadaShortfall).toBe(60);
    // 05-22 with the moved 01:00 exit: 13:00-01:00 → W 960, HE 480, night 22-01 = 180 → 206.
    expect([day('2025-05-22').worked, day('2025-05-22').overtime, day('2025-05-22').nightReduced]).toEqual([
      960,
      { 50: 480 },
      206,
    ]);
    // 05-23: rest 01:00 → 08:00 = 420 → 240; its own punches are complete.
    expect([
      day('2025-05-23').interjornadaShortfall,
      day('2025-05-23').worked,
      day('2025-05-23').faltaMarcacaoFlag,
    ]).toEqual([240, 480, false]);
    expect(day('2025-05-21').worked).toBe(480);
  });

  it('fills the Detalhes helpers (spec §17.4)', () => {
    expect([day('2025-05-07').horasFaltantes, day('2025-05-07').irregular, day('2025-05-07').descricaoEventos]).toEqual(
      [480, true, ['Falta']],
    );
    expect([day('2025-05-08').horasFaltantes, day('2025-05-08').irregular, day('2025-05-08').descricaoEventos]).toEqual(
      [0, false, ['Horas Normais', 'Abono']],
    );
    expect(day('2025-05-14').irregular).toBe(true); // interjornada shortfall
    expect(day('2025-05-13').descricaoEventos).toEqual(['Horas Normais', 'HE 50%', 'Adicional Noturno']);
    expect(day('2025-05-06').irregular).toBe(false);
  });

  it('evaluates the DSR per Monday–Sunday week', () => {
    const byMonday = Object.fromEntries(res.weeks.map((w) => [w.monday, w]));
    expect(Object.keys(byMonday)).toEqual(['2025-04-28', '2025-05-05', '2025-05-12', '2025-05-19', '2025-05-26']);
    expect(byMonday['2025-04-28']!.dsrPaid).toBe(453);
    expect([
      byMonday['2025-05-05']!.dsrDebit,
      byMonday['2025-05-05']!.lostDays,
      byMonday['2025-05-05']!.postingPeriod,
    ]).toEqual([453, ['2025-05-11'], '2025-05']);
    expect(byMonday['2025-05-26']!.paidDays).toEqual(['2025-06-01']);
    expect(byMonday['2025-05-05']!.reason).toBe(
      'Falta sem justificativa em 2025-05-07: perde 2025-05-11 (Lei 605/1949 art. 6), lançado em 2025-05',
    );
  });

  it('summarises the month (spec §17)', () => {
    const s = res.summary;
    const ev = Object.fromEntries(s.outrosEventos.map((e) => [e.codigo, e]));
    // 14 full days × 480 + 05-08 360 = 7080; + abono 120.
    expect([s.jornada, s.jornadaEAbono]).toEqual([7080, 7200]);
    // 12 × 480 + 360 + 840 + 960 + Saturday 480 = 8400 over 16 days.
    expect([s.horasTrabalhadas, s.diasTrabalhados]).toEqual([8400, 16]);
    expect(s.horasExtrasEventos).toEqual([{ codigo: 'HE_50', descricao: 'HE 50%', valor: 1320 }]);
    // Adicional noturno from the monthly real total 60 + 180 = 240 → 274 (the days' 69 + 206 = 275).
    expect(ev.ADICIONAL_NOTURNO!.valor).toBe(274);
    expect([ev.DSR!.valor, ev.DSR!.dias, ev.DSR_DEBITO!.valor]).toEqual([1359, 3, 453]);
    expect([ev.FALTA!.valor, ev.FALTA!.dias, ev.INTERJORNADA!.valor, ev.INTERJORNADA!.dias]).toEqual([480, 1, 420, 3]);
    expect(ev.ATRASO).toBeUndefined();
    expect(s.totais).toEqual({
      worked: 8400,
      normal: 7080,
      abono: 120,
      falta: 480,
      atraso: 0,
      saidaAntecipada: 0,
      excessoIntervalo: 0,
      faltaMarcacao: 0,
      nightReal: 240,
      nightReduced: 274,
      interjornadaShortfall: 420,
      intervaloSuprimido: 60,
      bankCredit: 0,
      bankDebit: 0,
      dsr: 1359,
      dsrDebito: 453,
    });
    expect(ev.REFLEXO_DSR_HE_50).toEqual({
      codigo: 'REFLEXO_DSR_HE_50',
      descricao: 'Reflexo DSR s/ HE 50%',
      dias: 0,
      valor: 254,
    });
    // Reflex: rest = Sundays 4, 11, 18, 25 + 01/05 = 5, working 26: 1320 × 5 / 26 = 253.8 → 254.
    expect(s.reflexoDsr).toEqual({
      restDays: 5,
      workingDays: 26,
      eventos: [{ codigo: 'REFLEXO_DSR_HE_50', descricao: 'Reflexo DSR s/ HE 50%', valor: 254 }],
    });
    expect(s.contadores).toEqual({
      qtdFaltas: 1,
      qtdAtrasos: 0,
      qtdSaidasAntecipadas: 0,
      qtdExcessoRefeicao: 0,
      qtdFaltaMarcacao: 0,
      qtdInterjornada: 3,
    });
    expect(s.totaisJornadas).toEqual([
      { descricao: 'Dias úteis', dias: 21, trabalhado: 7920 },
      { descricao: 'Sábados', dias: 5, trabalhado: 480 },
      { descricao: 'Domingos', dias: 4, trabalhado: 0 },
      { descricao: 'Feriados', dias: 1, trabalhado: 0 },
      { descricao: 'Folgas', dias: 0, trabalhado: 0 },
    ]);
    expect(res.bank).toBeNull();
  });

  it('recalculating a single day gives the same day result as the whole month (spec §18)', () => {
    const input = mayInput();
    for (const d of res.days) {
      const one = calculatePeriod({ ...input, start: d.date, end: d.date });
      expect(one.days).toHaveLength(1);
      expect(one.days[0]).toEqual(d);
    }
  });

  it('punches given as minutes since 1970 (how the API reads them) give the same month as their text', () => {
    const input = mayInput();
    const emMinutos = input.punches.map((p) => ({ ...p, at: parseInstant(p.at as string) }));
    expect(emMinutos[0]!.at).toBe(Date.UTC(2025, 3, 28, 8, 0) / 60_000);
    expect(calculatePeriod({ ...input, punches: emMinutos })).toEqual(res);
  });

  it('does not mutate its input and is idempotent', () => {
    const input = mayInput();
    const frozen = JSON.stringify(input);
    const a = calculatePeriod(input);
    const b = calculatePeriod(input);
    expect(JSON.stringify(input)).toBe(frozen);
    expect(b).toEqual(a);
  });
});

describe('calculatePeriod — hour bank, schedule history, rotation', () => {
  const bank: PolicyInput = {
    incluirBancoHoras: true,
    politicaBancoHora: { periodoInicial: '01/2025', periodoFinal: '12/2025' },
    bancoHoraArmazenamento: { faltas: true, Terca: { horaExtra: true, limiteHE: null } },
    bancoHoraTransferencia: { fatorTerca: '2' },
    prioridadeHoraExtra: 1,
  };
  const base: PeriodInput = {
    start: '2025-05-01',
    end: '2025-05-31',
    schedules: [
      {
        from: '2025-01-01',
        schedule: {
          kind: 'weekly',
          dayRows: [2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, slots: STD })),
          policy: bank,
        },
      },
    ],
    punches: [],
    previousBankBalance: 100,
    bankEntries: [
      { date: '2025-05-10', minutes: 60, negative: false },
      { date: '2025-06-10', minutes: 999, negative: false },
    ],
  };
  // Only Tuesday 06/05 is worked, until 18:00: 60 banked × 2 = 120. The other 21 workdays
  // (22 Mon–Fri without the holiday list, minus 06/05) are Faltas stored in the bank: 21 × 480 = 10080.
  const punches = [...full('2025-05-06').slice(0, 3), { at: '2025-05-06 18:00' }];

  it('posts daily bank movements and the monthly fields (spec §17.3)', () => {
    const r = calculatePeriod({ ...base, punches });
    expect(r.days.find((d) => d.date === '2025-05-06')!.bankCredit).toBe(120);
    expect(r.days.reduce((s, d) => s + d.falta, 0)).toBe(0);
    // 100 − 0 + 60 + 120 = 280; 280 − 10080 = −9800.
    expect(r.bank).toEqual({
      saldoAnteriorBH: 100,
      saldoCreditoLancado: 60,
      saldoDebitoLancado: 0,
      creditosBH: 120,
      debitosBH: 10080,
      totalCreditos: 280,
      saldoFinal: -9800,
    });
    expect(r.totaisBancoHoras![6]).toEqual({ descricao: 'Saldo Final', valor: -9800 });
    // Faltas compensated in the bank keep every DSR (DSR-09).
    expect(r.weeks.every((w) => w.dsrDebit === 0)).toBe(true);
  });

  it('warns when an individual-agreement bank runs longer than 6 months (art. 59 §5)', () => {
    expect(calculatePeriod({ ...base, punches }).warnings).toEqual([]);
    const individual = {
      ...bank,
      politicaBancoHora: { periodoInicial: '01/2025', periodoFinal: '12/2025', acordoIndividual: true },
    };
    const r = calculatePeriod({
      ...base,
      punches,
      schedules: [{ ...base.schedules[0]!, schedule: { ...base.schedules[0]!.schedule, policy: individual } }],
    });
    expect(r.warnings).toEqual(['BANCO_ACORDO_INDIVIDUAL_ACIMA_6_MESES']);
    expect(r.bank).toEqual(calculatePeriod({ ...base, punches }).bank);
  });

  it('"Redefinir Saldo" brings the month to zero with a launched entry', () => {
    const r = calculatePeriod({ ...base, punches, bankResets: ['2025-05'] });
    expect(r.bank).toEqual({
      saldoAnteriorBH: 100,
      saldoCreditoLancado: 9860,
      saldoDebitoLancado: 0,
      creditosBH: 120,
      debitosBH: 10080,
      totalCreditos: 10080,
      saldoFinal: 0,
    });
  });

  it('switches schedules by history and resolves a 12x36 rotation', () => {
    const r = calculatePeriod({
      start: '2025-05-01',
      end: '2025-05-31',
      schedules: [
        {
          from: '2024-01-01',
          to: '2025-05-15',
          schedule: { kind: 'weekly', dayRows: [2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, slots: STD })) },
        },
        {
          from: '2025-05-16',
          schedule: {
            kind: 'rotation',
            cycles: [{ position: 1, workDays: 1, offDays: 1, repeat: 1, slots: [['07:00', '19:00']] }],
          },
        },
      ],
      punches: [{ at: '2025-05-18 07:00' }, { at: '2025-05-18 19:00' }],
      holidays: [{ date: '2025-05-01', fixed: true }],
    });
    const d = (x: string) => r.days.find((y) => y.date === x)!;
    expect(d('2025-05-15').falta).toBe(480); // EQH Thursday, no punches
    expect(d('2025-05-16').falta).toBe(720); // rotation index 0: work, no punches
    expect(d('2025-05-17').dayType).toBe('dayoff'); // index 1
    // Sunday 18/05, index 2 → work: P 720 kept, domingo column; no break → 60.
    expect([d('2025-05-18').normal, d('2025-05-18').intervaloSuprimido, d('2025-05-18').column]).toEqual([
      720,
      60,
      'domingo',
    ]);
    // Weeks with 12x36 days produce no DSR events and no reflex (art. 59-A).
    expect(r.weeks.find((w) => w.monday === '2025-05-19')!.dsrDebit).toBe(0);
    expect(r.summary.reflexoDsr).toBeNull();
  });

  it('keeps a rotation anchored at the history entry when a schedule version splits it (anchor)', () => {
    const rotation = (slot: [string, string]) => ({
      kind: 'rotation' as const,
      cycles: [{ position: 1, workDays: 2, offDays: 1, repeat: 1, slots: [slot] }],
    });
    const types = (schedules: PeriodInput['schedules']) =>
      calculatePeriod({ start: '2025-05-01', end: '2025-05-09', schedules, punches: [] }).days.map((d) =>
        d.dayType === 'dayoff' ? 'F' : `T${d.planned}`,
      );
    // Entry from 30/04: 30 T, 01 T, 02 F, 03 T, 04 T, 05 F, 06 T, 07 T, 08 F, 09 T.
    const whole = types([{ from: '2025-04-30', schedule: rotation(['08:00', '16:00']) }]);
    expect(whole).toEqual(['T480', 'F', 'T480', 'T480', 'F', 'T480', 'T480', 'F', 'T480']);
    // A new version from 05/05 (shorter day) keeps the places; without the anchor it would restart on 05/05.
    const split = types([
      { from: '2025-04-30', to: '2025-05-04', schedule: rotation(['08:00', '16:00']) },
      { from: '2025-05-05', schedule: rotation(['08:00', '14:00']), anchor: '2025-04-30' },
    ]);
    expect(split).toEqual(['T480', 'F', 'T480', 'T480', 'F', 'T360', 'T360', 'F', 'T360']);
    const restarted = types([
      { from: '2025-04-30', to: '2025-05-04', schedule: rotation(['08:00', '16:00']) },
      { from: '2025-05-05', schedule: rotation(['08:00', '14:00']) },
    ]);
    expect(restarted.slice(4)).toEqual(['T360', 'T360', 'F', 'T360', 'T360']);
  });

  it('flags INTERJORNADA_INCERTA after a journey that ended with an orphan entry (spec §20)', () => {
    const r = calculatePeriod({
      start: '2025-05-06',
      end: '2025-05-07',
      schedules: [
        {
          from: '2024-01-01',
          schedule: { kind: 'weekly', dayRows: [2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, slots: STD })) },
        },
      ],
      punches: [...full('2025-05-06').slice(0, 3), ...full('2025-05-07')],
    });
    // 06/05: 08-12 pair, 13:00 orphan entry (FM 240). 07/05: rest 13:00 → 08:00 = 1140 ≥ 660, but uncertain.
    expect([r.days[0]!.endsWithOrphanEntry, r.days[0]!.faltaMarcacao]).toEqual([true, 240]);
    expect([r.days[1]!.interjornadaShortfall, r.days[1]!.flags]).toEqual([0, ['INTERJORNADA_INCERTA']]);
  });

  it('rejects an inverted period', () => {
    expect(() => calculatePeriod({ ...base, start: '2025-05-31', end: '2025-05-01' })).toThrow();
  });
});
