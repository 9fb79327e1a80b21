import { escalaApi, type FaixaHoraExtra } from '@jornada/contracts';

/** Column labels of the overtime bands (seed 001 §3 'Overtime band'), in the contract's order. */
export const COLUNA_FAIXA_LABEL = escalaApi.COLUNA_FAIXA_ROTULO;

export type TipoFaixa = 1 | 2;

/** A band with nothing filled in: the user types it (the seed's default band is only the first normal one). */
export const faixaVazia = (tipo: TipoFaixa): FaixaHoraExtra => ({
  tipo,
  ate: null,
  ...(Object.fromEntries(escalaApi.COLUNAS_FAIXA.map((c) => [c, null])) as Record<escalaApi.ColunaFaixa, null>),
});
