/** Period outputs: the month summary of spec §17, the hour-bank fields (§17.3) and the DSR reflex (§17.2). */
export interface EventLine {
  codigo: string;
  descricao: string;
  /** Days with a non-zero value. */
  dias: number;
  /** Minutes (reduced minutes for ADICIONAL_NOTURNO). */
  valor: number;
}

export interface OvertimeEventLine {
  codigo: string;
  descricao: string;
  valor: number;
  /** Reduced-hour equivalent (HEN only). */
  valorReduzido?: number;
}

export interface JourneyTotal {
  descricao: 'Dias úteis' | 'Sábados' | 'Domingos' | 'Feriados' | 'Folgas';
  dias: number;
  trabalhado: number;
}

export interface ControlCounters {
  qtdFaltas: number;
  qtdAtrasos: number;
  qtdSaidasAntecipadas: number;
  qtdExcessoRefeicao: number;
  qtdFaltaMarcacao: number;
  qtdInterjornada: number;
}

/** Sums of the day fields over the period; legal minutes rounded once from the real total (§2.3). */
export interface PeriodTotals {
  worked: number;
  normal: number;
  abono: number;
  falta: number;
  atraso: number;
  saidaAntecipada: number;
  excessoIntervalo: number;
  faltaMarcacao: number;
  nightReal: number;
  nightReduced: number;
  interjornadaShortfall: number;
  intervaloSuprimido: number;
  bankCredit: number;
  bankDebit: number;
  dsr: number;
  dsrDebito: number;
}

export interface MonthSummary {
  periodo: string;
  totais: PeriodTotals;
  diasTrabalhados: number;
  /** Σ normal (jornadaFormatada). */
  jornada: number;
  /** Σ (normal + abono). */
  jornadaEAbono: number;
  horasTrabalhadas: number;
  horasExtrasEventos: OvertimeEventLine[];
  outrosEventos: EventLine[];
  totaisJornadas: JourneyTotal[];
  reflexoDsr: { restDays: number; workingDays: number; eventos: OvertimeEventLine[] } | null;
  contadores: ControlCounters;
  domingosTrabalhados: number;
  diasInterjornada: number;
}

/** Hour-bank monthly fields (spec §17.3, seed 002 monthly summary). */
export interface BankFields {
  saldoAnteriorBH: number;
  saldoCreditoLancado: number;
  saldoDebitoLancado: number;
  creditosBH: number;
  debitosBH: number;
  totalCreditos: number;
  saldoFinal: number;
}

/** A manual bank entry as `bankFields` sums it (the date already filtered to the period). */
export interface BankEntry {
  minutes: number;
  negative: boolean;
}

export interface DsrReflex {
  restDays: number;
  workingDays: number;
  reflexByPercent: Record<string, number>;
}
