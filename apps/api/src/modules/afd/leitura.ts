import { MSG_AFD, milhar, type PortariaAfd } from '@jornada/contracts';
import {
  AfdStreamParser,
  type AfdHeader,
  type AfdEmployerRecord,
  type AfdLayout,
  type AfdPunch,
  type AfdRecord,
  type AfdRepPPunch,
} from '@jornada/fiscal';
import { AppError } from '../../shared/app-error.js';
import { brDate } from '../../shared/clock.js';
import { chaveDoRelogio } from '../relogio-ponto/serie.js';
import { FusoDaEmpresa } from './fuso.js';
import { Ocorrencias, type Linhas } from './ocorrencias.js';
import type { PeriodosFechados } from './periodos-fechados.js';
import type { Vinculador } from './vinculador.js';

/** The company an AFD is imported into. */
export interface EmpresaAfd {
  id: number;
  /** CNPJ (14) or CPF (11) digits. */
  numero: string;
  tipoNumeroDocumento: string;
  razaoSocial: string;
  /** IANA zone of the company's wall clock: the punches' `fuso`, to which a 671 offset is converted. */
  fuso: string;
}

/** A punch to store, with the employee it links to (null = 'sem vínculo'). */
export interface MarcacaoLida {
  origem: 'R' | 'P';
  nsr: number;
  /** The company's wall-clock time, `yyyy-mm-dd hh:mm:00`: a 671 date-time converted from its offset to `fuso`. */
  dataHora: string;
  /** The date-time as written in the file, `yyyy-mm-dd hh:mm:00` (the AFD's and the espelho's; = dataHora in 1510). */
  dataHoraArquivo: string;
  /** The instant with the file's offset (671 only), `yyyy-mm-dd hh:mm:00-03:00`. */
  instante: string | null;
  /** The offset as written (671 only), '-0400'. */
  deslocamento: string | null;
  /** The 12-character field exactly as read. */
  identificador: string;
  funcionarioId: number | null;
}

/** Punches read since the last batch; stored, with the progress, in one transaction. */
export interface Lote {
  /** The clock identity from the header (null for a file without one: the company stands in). */
  relogio: string | null;
  marcacoes: MarcacaoLida[];
  /** Every punch on a line up to this one is in this batch or an earlier one. */
  linhaFinal: number;
  /** Bytes of the file read so far (the progress bar). */
  bytesLidos: number;
}

export interface ParametrosLeitura {
  empresa: EmpresaAfd;
  portaria: PortariaAfd;
  dataInicio: string;
  dataFinal: string;
  nomeArquivo: string;
  vinculador: Vinculador;
  /**
   * The closed periods of the company's employees: a punch of one of their days is stored 'sem vínculo' and
   * reported, and linked when the period opens (decision 0075).
   */
  fechados?: PeriodosFechados;
  /**
   * The company's registered clocks (Relógio de Ponto), by `chaveDoRelogio`: a file whose REP is none of them
   * says so in its findings (issue 25 §2). Absent: not checked.
   */
  relogiosCadastrados?: ReadonlySet<string>;
  /**
   * The clock the file was collected from, when the caller knows it (the Coletor Local's upload, decision 0082):
   * the punches' clock when the file has no header (an incremental `get_afd` may come without one), and a header
   * naming another REP refuses the file.
   */
  relogio?: string;
  /** Punches on lines up to this one were stored by an earlier run (the job resumed after a crash). */
  linhasGravadas?: number;
  /** Told of each linked punch of those lines (not read into a batch): the day an earlier run may have stored. */
  jaGravada?(funcionarioId: number, dia: string): void;
  /** Only these lines (the legacy paging, 1-based); every line when absent. */
  somenteLinhas?: ReadonlySet<number>;
  tamanhoLote: number;
  /**
   * Batches handed to `gravar` before the oldest must have finished (default
   * 1): with 2, the database stores one batch while the next is read. `gravar`
   * keeps the writes and the progress in file order (importacao.service.ts).
   */
  emParalelo?: number;
  gravar(lote: Lote): Promise<void>;
}

export interface ResultadoLeitura {
  layout: AfdLayout | null;
  linhas: number;
  /** Punches (types 3 and 7) read, and those inside the period. */
  marcacoesNoArquivo: number;
  marcacoesNoPeriodo: number;
  vinculadas: number;
  semVinculo: number;
  /** Identifiers of punches in the period left 'sem vínculo' (no one, or more than one, matched). */
  camposSemVinculo: Set<string>;
  ocorrencias: Ocorrencias;
  /** The highest NSR of a record read (types 2 to 7), null when none: where a collector's next read starts. */
  ultimoNsr: number | null;
}

/** The file cannot be imported at all (not an AFD, another employer): the request ends ERRO with this message. */
export class AfdRecusado extends AppError {
  constructor(mensagem: string) {
    super(400, mensagem);
    this.name = 'AfdRecusado';
  }
}

const ZEROS = /^0*$/;

/** The refusal of a collected file whose header names another REP than the clock it was collected from. */
export const relogioDiferente = (doArquivo: string, doRelogio: string) =>
  `O AFD é do REP ${doArquivo}, não do relógio ${doRelogio}: confira o endereço do relógio no coletor.`;

/** The employer of a header or type 2 record as digits of its kind (a CPF without the padding). */
function empregadorDe(r: AfdHeader | AfdEmployerRecord): { numero: string; rotulo: string } | null {
  const digits = r.employerId.replace(/\D/g, '');
  // An unconfigured REP writes zeros (real/p671_tiagoemsouza…): nobody to compare with.
  if (ZEROS.test(digits)) return null;
  if (r.employerIdKind === '2') {
    const cpf = digits.slice(-11);
    return { numero: cpf, rotulo: `CPF ${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` };
  }
  const cnpj = digits.padStart(14, '0').slice(-14);
  return { numero: cnpj, rotulo: `CNPJ ${rotuloCnpj(cnpj)}` };
}

const rotuloCnpj = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

export function rotuloEmpresa(e: Pick<EmpresaAfd, 'numero' | 'tipoNumeroDocumento'>): string {
  const n = e.numero;
  return e.tipoNumeroDocumento === 'cpf'
    ? `CPF ${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6, 9)}-${n.slice(9)}`
    : `CNPJ ${rotuloCnpj(n)}`;
}

/** The refusal when the header's employer is not the chosen company; null when it is (or is not told). */
export function empregadorRecusado(header: AfdHeader, empresa: EmpresaAfd): string | null {
  const e = empregadorDe(header);
  return e && e.numero !== empresa.numero ? MSG_AFD.empregadorDiferente(e.rotulo, rotuloEmpresa(empresa)) : null;
}

/** 1510 and its INMETRO 595 variant are the PIS family; 671 the CPF one. */
export const portariaDoLeiaute = (layout: AfdLayout): PortariaAfd => (layout === '671' ? '671' : '1510');

const NOME_TIPO: Record<string, string> = {
  '2': 'de empregador (tipo 2)',
  '4': 'de ajuste do relógio (tipo 4)',
  '5': 'de empregado no REP (tipo 5)',
  '6': 'de evento sensível (tipo 6)',
};

const plural = (n: number, um: string, varios: string) => `${milhar(n)} ${n === 1 ? um : varios}`;

/**
 * Reads an AFD as it streams in and hands the punches to `gravar` in batches
 * (issue 11 §4). The layout is the file's; the header's employer must be the
 * chosen company (else AfdRecusado, before any punch is stored); a type 2
 * record that moves the REP to another employer leaves the punches after it
 * out, each line reported. A 671 date-time is converted from the offset
 * written in the file to the company's zone, and the period, the link and
 * the stored `dataHora` are on that wall clock (the written time is kept
 * beside it; a file offset other than the zone's is reported). Only punches
 * inside the period are kept. Every identifier is matched on all its
 * readings (decision 0045).
 */
export async function lerAfd(
  fonte: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  p: ParametrosLeitura,
): Promise<ResultadoLeitura> {
  const somente = p.somenteLinhas;
  const ultimaPedida = somente ? Math.max(...somente) : Infinity;
  const ocorrencias = new Ocorrencias(somente ? (linha) => linha === 1 || somente.has(linha) : undefined);
  const pendentes: AfdRecord[] = [];
  let naoAfd: string | null = null;
  const parser = new AfdStreamParser(
    {
      onRecord: (r) => pendentes.push(r),
      onIssue: (i) => {
        if (i.code === 'NOT_AFD') naoAfd = i.mensagem;
        ocorrencias.leitor(i);
      },
    },
    { fileName: p.nomeArquivo },
  );
  const r: ResultadoLeitura = {
    layout: null,
    linhas: 0,
    marcacoesNoArquivo: 0,
    marcacoesNoPeriodo: 0,
    vinculadas: 0,
    semVinculo: 0,
    camposSemVinculo: new Set(),
    ocorrencias,
    ultimoNsr: null,
  };
  const gravadas = p.linhasGravadas ?? 0;
  const fuso = new FusoDaEmpresa(p.empresa.fuso);
  let relogio: string | null = p.relogio ?? null;
  let empregadorAtual = true;
  let lote: MarcacaoLida[] = [];
  let ultimaLinha = 0;
  let bytes = 0;

  // Batches being stored while the next ones are read (ParametrosLeitura.emParalelo).
  const emVoo: Promise<void>[] = [];
  const fechar = async (linhaFinal: number) => {
    const marcacoes = lote;
    lote = [];
    const gravando = p.gravar({ relogio, marcacoes, linhaFinal, bytesLidos: bytes });
    // Awaited below, in order; this only keeps a failure from being reported as unhandled meanwhile.
    gravando.catch(() => undefined);
    emVoo.push(gravando);
    while (emVoo.length >= (p.emParalelo ?? 1)) await emVoo.shift();
  };
  const terminar = async (linhaFinal: number) => {
    await fechar(linhaFinal);
    while (emVoo.length > 0) await emVoo.shift();
  };

  const marcacao = (rec: AfdPunch | AfdRepPPunch) => {
    r.marcacoesNoArquivo++;
    if (!rec.dateTime) {
      ocorrencias.grupo('sem-data', rec.line, () => ({
        codigo: 'NAO_MARCACAO',
        severidade: 'erro',
        mensagem: (l: Linhas, max: number) =>
          `${plural(l.total, 'registro de marcação sem data/hora válida não foi importado', 'registros de marcação sem data/hora válida não foram importados')} (linhas ${l.texto(max)}).`,
      }));
      return;
    }
    if (!empregadorAtual) {
      ocorrencias.grupo('outro-empregador', rec.line, () => ({
        codigo: 'OUTRO_EMPREGADOR',
        severidade: 'aviso',
        mensagem: (l: Linhas, max: number) =>
          `${plural(l.total, 'marcação feita', 'marcações feitas')} depois de o REP passar a outro empregador (registro tipo 2) não ${l.total === 1 ? 'foi importada' : 'foram importadas'} (linhas ${l.texto(max)}).`,
      }));
      return;
    }
    // The period, the employee link and the calculation read the company's calendar and clock.
    const { local, offset } = rec.dateTime;
    const dataHoraArquivo = `${local.slice(0, 10)} ${local.slice(11, 16)}:00`;
    const naEmpresa = offset ? fuso.converter(local, offset) : null;
    const dataHora = naEmpresa?.dataHora ?? dataHoraArquivo;
    const dia = dataHora.slice(0, 10);
    if (dia < p.dataInicio || dia > p.dataFinal) {
      ocorrencias.grupo('fora-periodo', rec.line, () => ({
        codigo: 'FORA_DO_PERIODO',
        severidade: 'info',
        mensagem: (l: Linhas, max: number) =>
          `${plural(l.total, 'marcação fora do período', 'marcações fora do período')} de ${brDate(p.dataInicio)} a ${brDate(p.dataFinal)} não ${l.total === 1 ? 'foi importada' : 'foram importadas'} (linhas ${l.texto(max)}).`,
      }));
      return;
    }
    r.marcacoesNoPeriodo++;
    if (naEmpresa && naEmpresa.deslocamento !== offset) {
      ocorrencias.grupo(`fuso:${offset}`, rec.line, () => {
        const exemplo = `${brDate(dataHoraArquivo.slice(0, 10))} ${local.slice(11, 16)}${offset} = ${brDate(dia)} ${dataHora.slice(11, 16)}`;
        return {
          codigo: 'FUSO_DIFERENTE',
          severidade: 'aviso',
          mensagem: (l: Linhas, max: number) =>
            `${plural(l.total, 'marcação', 'marcações')} com deslocamento ${offset} no arquivo, diferente do fuso da empresa (${fuso.zona}, ${naEmpresa.deslocamento}): ${l.total === 1 ? 'gravada' : 'gravadas'} na hora local da empresa, como ${exemplo} (linhas ${l.texto(max)}).`,
        };
      });
    }
    const campo = rec.rawId;
    const v = p.vinculador.vincular(campo, dia);
    let funcionarioId: number | null = null;
    if (v.tipo === 'funcionario' && p.fechados?.contem(v.funcionarioId, dia)) {
      // The database refuses a link on a closed day (decision 0075): the punch is stored without it. The last
      // pass tries again (the period may have opened meanwhile), and Abrir período links it.
      r.semVinculo++;
      r.camposSemVinculo.add(campo);
      const id = v.funcionarioId;
      ocorrencias.grupo(`fechado:${id}`, rec.line, () => {
        const nome = p.vinculador.candidatos(campo).funcionarios.find((f) => f.id === id)?.nome ?? campo;
        return {
          codigo: 'PERIODO_FECHADO',
          severidade: 'aviso',
          mensagem: (l, max) =>
            `${plural(l.total, 'marcação', 'marcações')} de ${nome} em período fechado ${l.total === 1 ? 'gravada' : 'gravadas'} sem vínculo (linhas ${l.texto(max)}): ${l.total === 1 ? 'será vinculada' : 'serão vinculadas'} quando o período for aberto.`,
        };
      });
    } else if (v.tipo === 'funcionario') {
      funcionarioId = v.funcionarioId;
      r.vinculadas++;
    } else {
      r.semVinculo++;
      if (v.tipo !== 'invalido') r.camposSemVinculo.add(campo);
      const leituras = p.vinculador.descreverLeituras(campo);
      const gravadasSemVinculo = (l: Linhas, max: number) =>
        `${plural(l.total, 'marcação gravada', 'marcações gravadas')} sem vínculo (linhas ${l.texto(max)}).`;
      if (v.tipo === 'ambiguo') {
        const quem = v.candidatos.map((f) => f.nome).join(', ');
        ocorrencias.grupo(`ambiguo:${campo}`, rec.line, () => ({
          codigo: 'IDENTIFICADOR_AMBIGUO',
          severidade: 'aviso',
          mensagem: (l, max) =>
            `Identificador "${campo}" (${leituras}) corresponde a mais de um funcionário (${quem}): ${gravadasSemVinculo(l, max)}`,
        }));
      } else if (v.tipo === 'invalido') {
        ocorrencias.grupo(`invalido:${campo}`, rec.line, () => ({
          codigo: 'IDENTIFICADOR_INVALIDO',
          severidade: 'aviso',
          mensagem: (l, max) => `Identificador "${campo}" não é CPF nem PIS válido: ${gravadasSemVinculo(l, max)}`,
        }));
      } else {
        ocorrencias.grupo(`nenhum:${campo}`, rec.line, () => ({
          codigo: 'SEM_FUNCIONARIO',
          severidade: 'aviso',
          mensagem: (l, max) =>
            `Identificador "${campo}" (${leituras}): nenhum funcionário da empresa com este CPF/PIS; ${gravadasSemVinculo(l, max)} Serão vinculadas quando o funcionário for cadastrado.`,
        }));
      }
    }
    if (rec.line <= gravadas) {
      if (funcionarioId !== null) p.jaGravada?.(funcionarioId, dia);
      return;
    }
    lote.push({
      origem: rec.type === 7 ? 'P' : 'R',
      nsr: rec.nsr,
      dataHora,
      dataHoraArquivo,
      instante: offset ? `${dataHoraArquivo}${offset.slice(0, 3)}:${offset.slice(3)}` : null,
      deslocamento: offset,
      identificador: campo,
      funcionarioId,
    });
  };

  const registro = (rec: AfdRecord) => {
    if ('nsr' in rec && typeof rec.nsr === 'number' && (r.ultimoNsr === null || rec.nsr > r.ultimoNsr))
      r.ultimoNsr = rec.nsr;
    if (somente && !somente.has(rec.line) && rec.type !== 1 && rec.type !== 2) return;
    if (rec.type === 1) {
      const recusa = empregadorRecusado(rec, p.empresa);
      if (recusa) throw new AfdRecusado(recusa);
      if (!empregadorDe(rec)) {
        ocorrencias.avulsa({
          linha: rec.line,
          codigo: 'EMPREGADOR_NAO_INFORMADO',
          severidade: 'aviso',
          mensagem:
            'O cabeçalho do AFD não informa o empregador (CNPJ/CPF zerado, REP não configurado): a empresa do arquivo não pôde ser conferida.',
        });
      }
      const rep = rec.repIdentifier.trim();
      const doArquivo = rep === '' || ZEROS.test(rep) ? null : rep;
      if (doArquivo !== null && p.relogio !== undefined && chaveDoRelogio(doArquivo) !== chaveDoRelogio(p.relogio))
        throw new AfdRecusado(relogioDiferente(doArquivo, p.relogio));
      relogio = doArquivo ?? p.relogio ?? null;
      if (relogio !== null && p.relogiosCadastrados && !p.relogiosCadastrados.has(chaveDoRelogio(relogio))) {
        ocorrencias.avulsa({
          linha: rec.line,
          codigo: 'RELOGIO_NAO_CADASTRADO',
          severidade: 'info',
          mensagem:
            `O relógio ${relogio} do cabeçalho do AFD não está cadastrado em Relógio de Ponto para esta empresa: ` +
            'as marcações foram importadas; cadastre-o para identificar o equipamento delas.',
        });
      }
      return;
    }
    if (rec.type === 3 || rec.type === 7) return marcacao(rec);
    if (rec.type === 2) {
      const e = empregadorDe(rec);
      const antes = empregadorAtual;
      empregadorAtual = e === null || e.numero === p.empresa.numero;
      if (antes && !empregadorAtual && (!somente || somente.has(rec.line))) {
        ocorrencias.avulsa({
          linha: rec.line,
          codigo: 'OUTRO_EMPREGADOR',
          severidade: 'aviso',
          mensagem: `O REP passou ao empregador ${e!.rotulo}, que não é a empresa selecionada (${rotuloEmpresa(p.empresa)}): as marcações seguintes não são desta empresa.`,
        });
      }
    }
    if (rec.type === 2 || rec.type === 4 || rec.type === 5 || rec.type === 6) {
      if (somente && !somente.has(rec.line)) return;
      const tipo = String(rec.type);
      ocorrencias.grupo(`tipo:${tipo}`, rec.line, () => ({
        codigo: 'NAO_E_MARCACAO',
        severidade: 'info',
        mensagem: (l: Linhas, max: number) =>
          `${plural(l.total, `registro ${NOME_TIPO[tipo]} lido`, `registros ${NOME_TIPO[tipo]} lidos`)} para conferência: não ${l.total === 1 ? 'é marcação' : 'são marcações'} e não ${l.total === 1 ? 'foi gravado' : 'foram gravados'} como ponto (linhas ${l.texto(max)}).`,
      }));
    }
  };

  const processar = async () => {
    for (const rec of pendentes) {
      registro(rec);
      ultimaLinha = rec.line;
      if (lote.length >= p.tamanhoLote) await fechar(rec.line);
    }
    pendentes.length = 0;
  };

  let interrompida = false;
  for await (const chunk of fonte) {
    bytes += chunk.length;
    parser.push(chunk);
    if (naoAfd) throw new AfdRecusado(naoAfd);
    await processar();
    // The legacy paging needs no line past the last one asked for.
    if (ultimaLinha > ultimaPedida) {
      interrompida = true;
      break;
    }
  }
  if (interrompida) {
    await terminar(ultimaLinha);
    r.linhas = ultimaLinha;
    return r;
  }
  const resumo = parser.end();
  if (naoAfd) throw new AfdRecusado(naoAfd);
  await processar();
  r.layout = resumo.layout;
  r.linhas = resumo.lines;
  if (resumo.layout && portariaDoLeiaute(resumo.layout) !== p.portaria) {
    ocorrencias.avulsa({
      linha: 1,
      codigo: 'LEIAUTE_DIFERENTE',
      severidade: 'aviso',
      mensagem: MSG_AFD.leiauteDiferente(resumo.layout, p.portaria),
    });
  }
  await terminar(Math.max(resumo.lines, ultimaLinha));
  return r;
}
