import { documentoFormatado, leiturasDoCampo, type Leitura } from './identificadores.js';

/** An employee of the punch's company, as the link needs them. */
export interface FuncionarioDocumentos {
  id: number;
  nome: string;
  cpf: string;
  pis: string | null;
  dataAdmissao: string;
  dataDemissao: string | null;
}

export type Vinculo =
  | { tipo: 'funcionario'; funcionarioId: number }
  /** No reading of the field is a valid CPF or PIS: it can never match anyone. */
  | { tipo: 'invalido' }
  | { tipo: 'nenhum' }
  | { tipo: 'ambiguo'; candidatos: readonly FuncionarioDocumentos[] };

interface Candidatos {
  leituras: Leitura[];
  funcionarios: FuncionarioDocumentos[];
}

/** Distinct identifiers remembered (an office has a few thousand; a bad file could have millions). */
const CACHE_MAX = 200_000;

/**
 * Who a punch belongs to (issue 11 §4; fiscal-files.md §7; decision 0045):
 * the employees of the punch's company whose CPF or PIS is any reading of the
 * field. A person re-hired has one row per bond: among several matches, the
 * one whose admission–demission covers the punch's day wins; two or more
 * still left is an ambiguity, reported and never guessed (the punch stays
 * 'sem vínculo').
 */
export class Vinculador {
  private readonly porDocumento = new Map<string, FuncionarioDocumentos[]>();
  private readonly cache = new Map<string, Candidatos>();

  constructor(funcionarios: Iterable<FuncionarioDocumentos>) {
    for (const f of funcionarios) {
      this.indexar(`cpf:${f.cpf}`, f);
      if (f.pis) this.indexar(`pis:${f.pis}`, f);
    }
  }

  private indexar(chave: string, f: FuncionarioDocumentos): void {
    const lista = this.porDocumento.get(chave);
    if (lista) lista.push(f);
    else this.porDocumento.set(chave, [f]);
  }

  candidatos(campo: string): Candidatos {
    const lembrado = this.cache.get(campo);
    if (lembrado) return lembrado;
    const leituras = leiturasDoCampo(campo);
    const vistos = new Set<number>();
    const funcionarios: FuncionarioDocumentos[] = [];
    for (const l of leituras) {
      for (const f of this.porDocumento.get(`${l.tipo}:${l.numero}`) ?? []) {
        if (!vistos.has(f.id)) {
          vistos.add(f.id);
          funcionarios.push(f);
        }
      }
    }
    const c = { leituras, funcionarios };
    if (this.cache.size < CACHE_MAX) this.cache.set(campo, c);
    return c;
  }

  /** `dia` is the punch's local date (yyyy-mm-dd). */
  vincular(campo: string, dia: string): Vinculo {
    const { leituras, funcionarios } = this.candidatos(campo);
    if (leituras.length === 0) return { tipo: 'invalido' };
    if (funcionarios.length === 0) return { tipo: 'nenhum' };
    if (funcionarios.length === 1) return { tipo: 'funcionario', funcionarioId: funcionarios[0]!.id };
    const noDia = funcionarios.filter(
      (f) => f.dataAdmissao <= dia && (f.dataDemissao === null || dia <= f.dataDemissao),
    );
    if (noDia.length === 1) return { tipo: 'funcionario', funcionarioId: noDia[0]!.id };
    return { tipo: 'ambiguo', candidatos: noDia.length > 1 ? noDia : funcionarios };
  }

  /** 'CPF 123.456.789-09 ou PIS 123.45678.90-1' — how a finding names the field's readings. */
  descreverLeituras(campo: string): string {
    const { leituras } = this.candidatos(campo);
    return leituras.length === 0 ? 'sem CPF/PIS válido' : leituras.map(documentoFormatado).join(' ou ');
  }
}
