/**
 * Policy fields as the API service reads them from the schedule configuration
 * (seed 001 §3/§9). Field names keep the seed's Portuguese spelling (including
 * `excessoIntevaloRefeicoes`); `horasMensalistas` is the corrected spelling of the
 * seed's `horasMensaisalistas` (both are accepted).
 */

export type BandColumn =
  'segunda' | 'terca' | 'quarta' | 'quinta' | 'sexta' | 'sabado' | 'domingo' | 'feriado' | 'folga';

/** Day-type keys of the hour-bank tabs (spec §3.6). */
export type BankDayKey =
  'Segunda' | 'Terca' | 'Quarta' | 'Quinta' | 'Sexta' | 'Sabados' | 'Domingos' | 'Feriados' | 'Folgas';

export interface OvertimeBandInput {
  /** 1 = day (normal) overtime, 2 = night overtime (spec §10.3). */
  tipo: number;
  /** Upper bound in hours of the day's overtime of that tipo (number or 'HH:MM'); 99 = unlimited. */
  ate: number | string;
  segunda: number;
  terca: number;
  quarta: number;
  quinta: number;
  sexta: number;
  sabado: number;
  domingo: number;
  feriado: number;
  folga: number;
}

export interface BankStorageDay {
  horaExtra: boolean;
  /** 'HH:MM' cap of the first destination; null/empty = unlimited (spec §13.2). */
  limiteHE: string | null;
}

export type BankStorageInput = {
  faltas?: boolean;
  atrasos?: boolean;
  saidasAntecipadas?: boolean;
  excessoIntevaloRefeicoes?: boolean;
  faltaDeMarcacao?: boolean;
} & Partial<Record<BankDayKey, BankStorageDay | null>>;

export type BankTransferInput = Partial<Record<`faixa${BankDayKey}`, number | string | null>> &
  Partial<Record<`fator${BankDayKey}`, number | string | null>>;

export interface PolicyInput {
  parametroRefeicao?: number;
  horasDSR?: string;
  horaAdicionalNoturnoDe?: string;
  horaAdicionalNoturnaAte?: string;
  duracaoHoraNoturna?: number;
  tempoInterjornada?: string;
  horasMensalistas?: number;
  horasMensaisalistas?: number;
  descontarIntervalosNoturno?: boolean;
  descontarSegundoIntervalo?: boolean;
  controleFalta?: number;
  perdaDSRDesconta?: number;
  pagarDSR?: number;
  descontoDSR?: number;
  atrasoMaximoDiaMinuto?: number;
  saidaAntecipadaMaximoDiaMinuto?: number;
  excessoIRMaximoDiaMinuto?: number;
  descontoDSRFeriado?: boolean;
  toleranciaInicioHoraExtra?: number | string;
  prioridadeHoraExtra?: number;
  horaExtraRefeicao?: boolean;
  faixasHoraExtra?: OvertimeBandInput[];
  incluirBancoHoras?: boolean;
  /** periodoInicial / periodoFinal as 'MM/YYYY' (or 'YYYY-MM'). */
  politicaBancoHora?: {
    periodoInicial?: string | null;
    periodoFinal?: string | null;
    /** Future field (spec §13.1): the bank rests on an individual written agreement (art. 59 §5, max. 6 months). */
    acordoIndividual?: boolean | null;
  } | null;
  bancoHoraArmazenamento?: BankStorageInput | null;
  bancoHoraTransferencia?: BankTransferInput | null;
  validarFechamento?: boolean;
  horasFechamento?: string | null;
}

/** A band after compilation: `upTo` in minutes of the tipo counter (Infinity for the last). */
export interface CompiledBand {
  upTo: number;
  percent: Record<BandColumn, number>;
}

/** A rational factor num/den (exact arithmetic, spec §2.3). */
export interface Ratio {
  num: number;
  den: number;
}

export interface CompiledPolicy {
  mealMode: 2 | 3 | 4;
  horasDSR: number;
  nightStart: number;
  nightEnd: number;
  /** duracaoHoraNoturna × 10 as an integer, so reduced = real × 600 / this. */
  nightHourTenths: number;
  tempoInterjornada: number;
  horasMensalistas: number;
  descontarIntervalosNoturno: boolean;
  descontarSegundoIntervalo: boolean;
  controleFalta: 1 | 2;
  perdaDSRDesconta: 1 | 2;
  pagarDSR: 1 | 2;
  descontoDSR: 0 | 1 | 2;
  descontoDSRFeriado: boolean;
  tolAtraso: number;
  tolSaida: number;
  tolExcesso: number;
  tolOvertime: number;
  prioridadeHoraExtra: 1 | 2;
  horaExtraRefeicao: boolean;
  bandsDay: CompiledBand[];
  /** Empty when the policy has no tipo-2 band (night minutes then share the tipo-1 counter). */
  bandsNight: CompiledBand[];
  bank: CompiledBank | null;
  validarFechamento: boolean;
  horasFechamento: number;
}

export interface CompiledBank {
  /** Month index y*12+(m-1) inclusive bounds; null = open. */
  fromMonth: number | null;
  toMonth: number | null;
  storeFalta: boolean;
  storeAtraso: boolean;
  storeSaida: boolean;
  storeExcesso: boolean;
  storeFaltaMarcacao: boolean;
  /** Individual agreement with a period longer than 6 months (art. 59 §5): warn, never change numbers. */
  exceedsIndividualLimit: boolean;
  overtime: Record<BankDayKey, { enabled: boolean; limit: number; factor: Ratio }>;
}
