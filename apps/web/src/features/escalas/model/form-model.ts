import {
  escalaApi,
  type AbaEscala,
  type ConfiguracaoEscala,
  type ErroEscala,
  type FaixaHoraExtra,
} from '@jornada/contracts';
import { comPares, semanaCompleta, type Pares } from './dias';
import { toFraction, toPercent } from './percent';

type Quadro = NonNullable<ConfiguracaoEscala['quadroHorario']>;
type Revezamento = NonNullable<ConfiguracaoEscala['revezamento']>;
type PoliticaBancoHora = NonNullable<ConfiguracaoEscala['politicaBancoHora']>;
type Armazenamento = NonNullable<ConfiguracaoEscala['bancoHoraArmazenamento']>;
type Transferencia = NonNullable<ConfiguracaoEscala['bancoHoraTransferencia']>;

/**
 * What the schedule form edits: the contract's configuration with every part
 * present (a time table and a rotation, so switching EQH ↔ ERC keeps both
 * drafts; the bank tables even while the bank is off) and the percentages in
 * percent (seed 001 §5). `paraFormulario` and `paraEnvio` are the only
 * crossings between this and the wire.
 */
export type EscalaForm = Omit<
  ConfiguracaoEscala,
  'quadroHorario' | 'revezamento' | 'politicaBancoHora' | 'bancoHoraArmazenamento' | 'bancoHoraTransferencia'
> & {
  quadroHorario: Quadro;
  revezamento: Revezamento;
  politicaBancoHora: PoliticaBancoHora;
  bancoHoraArmazenamento: Armazenamento;
  bancoHoraTransferencia: Transferencia;
};

type Conv = (v: number | null | undefined) => number | null;

const faixaCom = (f: FaixaHoraExtra, conv: Conv): FaixaHoraExtra => ({
  ...f,
  ...(Object.fromEntries(escalaApi.COLUNAS_FAIXA.map((c) => [c, conv(f[c])])) as Record<
    escalaApi.ColunaFaixa,
    number | null
  >),
});

const transferenciaCom = (t: Transferencia, conv: Conv): Transferencia => ({
  ...t,
  ...Object.fromEntries(escalaApi.DIAS_BANCO.map((d) => [`faixa${d}`, conv(t[`faixa${d}`])])),
});

/** The bands normal first, then night, each in the order given: the tables show them apart. */
const porTipo = (faixas: readonly FaixaHoraExtra[]) => [
  ...faixas.filter((f) => f.tipo === 1),
  ...faixas.filter((f) => f.tipo !== 1),
];

/** A loaded configuration (or the seed's defaults) → the form. */
export function paraFormulario(c: ConfiguracaoEscala = escalaApi.ESCALA_PADRAO): EscalaForm {
  const p = structuredClone(escalaApi.ESCALA_PADRAO);
  const armazenamento = c.bancoHoraArmazenamento ?? p.bancoHoraArmazenamento!;
  return {
    ...structuredClone(c),
    quadroHorario: {
      ...(c.quadroHorario ?? p.quadroHorario!),
      diasDaSemana: semanaCompleta(c.quadroHorario?.diasDaSemana),
    },
    revezamento: c.revezamento ?? p.revezamento!,
    politicaHoraExtra: {
      ...c.politicaHoraExtra,
      faixasHoraExtra: porTipo(c.politicaHoraExtra.faixasHoraExtra).map((f) => faixaCom(f, toPercent)),
    },
    politicaBancoHora: c.politicaBancoHora ?? p.politicaBancoHora!,
    // A day the stored table left out reads as the default row.
    bancoHoraArmazenamento: {
      ...armazenamento,
      ...Object.fromEntries(escalaApi.DIAS_BANCO.map((d) => [d, armazenamento[d] ?? p.bancoHoraArmazenamento![d]])),
    },
    bancoHoraTransferencia: transferenciaCom(c.bancoHoraTransferencia ?? p.bancoHoraTransferencia!, toPercent),
  };
}

/**
 * The form → what Salvar sends. Only the active type's part goes (a time
 * table or a rotation); with the bank off only `incluirBancoHoras: false`
 * goes of it (seed 001 §4); a close time not asked for is not sent; the third
 * pair only when it is on screen; percentages as fractions.
 */
export function paraEnvio(f: EscalaForm, pares: Pares): ConfiguracaoEscala {
  const fechamento = <T extends { validarFechamento: boolean; horasFechamento: string | null }>(x: T): T => ({
    ...x,
    horasFechamento: x.validarFechamento ? x.horasFechamento || null : null,
  });
  const envio: ConfiguracaoEscala = {
    descricao: f.descricao.trim(),
    tipoEscala: f.tipoEscala,
    incluirBancoHoras: f.incluirBancoHoras,
    politicaContratual: f.politicaContratual,
    politicaDSR: f.politicaDSR,
    politicaAtraso: f.politicaAtraso,
    politicaHoraExtra: {
      ...f.politicaHoraExtra,
      faixasHoraExtra: f.politicaHoraExtra.faixasHoraExtra.map((x) => faixaCom(x, toFraction)),
    },
  };
  if (f.tipoEscala === 'EQH') {
    envio.quadroHorario = fechamento({
      ...f.quadroHorario,
      diasDaSemana: comPares(f.quadroHorario.diasDaSemana, pares),
    });
  } else {
    const { idCiclo, validarFechamento, horasFechamento } = f.revezamento;
    envio.revezamento = fechamento({ idCiclo, validarFechamento, horasFechamento });
  }
  if (f.incluirBancoHoras) {
    envio.politicaBancoHora = f.politicaBancoHora;
    envio.bancoHoraArmazenamento = f.bancoHoraArmazenamento;
    const t = transferenciaCom(f.bancoHoraTransferencia, toFraction);
    // An empty factor is no factor (calculation-rules §3.6: then 1 + faixa/100).
    for (const d of escalaApi.DIAS_BANCO) if (t[`fator${d}`] === '') t[`fator${d}`] = null;
    envio.bancoHoraTransferencia = t;
  }
  return envio;
}

/** The tab a document field belongs to (the contract's ABA_CAMPO read backwards, plus the bank's tables). */
const ABA_DO_CAMPO: Record<string, AbaEscala> = {
  ...Object.fromEntries(Object.entries(escalaApi.ABA_CAMPO).map(([aba, campo]) => [campo, aba as AbaEscala])),
  bancoHoraArmazenamento: 'bancoHoras',
  bancoHoraTransferencia: 'bancoHoras',
  incluirBancoHoras: 'bancoHoras',
  tipoEscala: 'descricao',
};

/**
 * Every reason the save would be refused, by tab: the seed's tab rules (the
 * contract's `errosConfiguracaoEscala`, the server's words) and then what the
 * document's schema refuses (a factor like '1,5x', a percentage over 1000 %).
 */
export function validarEscala(envio: ConfiguracaoEscala): ErroEscala[] {
  const erros = escalaApi.errosConfiguracaoEscala(envio);
  const estrutura = escalaApi.configuracaoEscala.safeParse(envio);
  if (!estrutura.success) {
    for (const issue of estrutura.error.issues) {
      const aba = ABA_DO_CAMPO[String(issue.path[0])] ?? 'descricao';
      if (!erros.some((e) => e.mensagem === issue.message)) erros.push({ aba, mensagem: issue.message });
    }
  }
  return erros;
}
