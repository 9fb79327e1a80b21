import { milhar, type OcorrenciaAfd } from '@jornada/contracts';
import type { AfdIssue } from '@jornada/fiscal';

/**
 * Line numbers in increasing order, kept as ranges: punches outside the
 * period or of one clock's unknown person come in long runs, so a million of
 * them cost a few ranges, not a million numbers.
 */
export class Linhas {
  private readonly faixas: [number, number][] = [];
  total = 0;

  add(linha: number): void {
    this.total++;
    const ultima = this.faixas[this.faixas.length - 1];
    if (ultima && linha === ultima[1] + 1) ultima[1] = linha;
    else if (!ultima || linha > ultima[1]) this.faixas.push([linha, linha]);
  }

  get primeira(): number {
    return this.faixas[0]?.[0] ?? 1;
  }

  /** '5, 9-13, 20'; with `max`, the first ranges and 'e mais N'. */
  texto(max = Infinity): string {
    const partes = this.faixas.slice(0, max).map(([a, b]) => (a === b ? String(a) : `${a}-${b}`));
    const resto = this.faixas.length - partes.length;
    return resto > 0 ? `${partes.join(', ')} e mais ${milhar(resto)} trechos` : partes.join(', ');
  }
}

const SEVERIDADE = { error: 'erro', warning: 'aviso' } as const;

/** A reader finding kept one by one up to this many per code; the rest are summed up by code with their lines. */
const POR_CODIGO = 500;

/** A finding made of many lines: its text is built once the file has been read. */
interface Grupo {
  codigo: string;
  severidade: OcorrenciaAfd['severidade'];
  linhas: Linhas;
  mensagem: (linhas: Linhas, max: number) => string;
}

/**
 * The findings of one import (issue 11 §4): the reader's (CRC, NSR, hash,
 * lengths, dates, identifiers…) and the import's own (identifiers that match
 * nobody, ambiguous ones, punches outside the period, records that are not
 * punches). Every line of the file that is not stored as a punch has its
 * line here; nothing is dropped silently.
 */
export class Ocorrencias {
  private readonly avulsas: OcorrenciaAfd[] = [];
  private readonly excedentes = new Map<string, { severidade: OcorrenciaAfd['severidade']; linhas: Linhas }>();
  private readonly porCodigo = new Map<string, number>();
  private readonly grupos = new Map<string, Grupo>();

  constructor(private readonly aceita: (linha: number) => boolean = () => true) {}

  leitor(issue: AfdIssue): void {
    if (!this.aceita(issue.line)) return;
    const severidade = SEVERIDADE[issue.severity];
    const n = (this.porCodigo.get(issue.code) ?? 0) + 1;
    this.porCodigo.set(issue.code, n);
    if (n <= POR_CODIGO) {
      this.avulsas.push({ linha: issue.line, codigo: issue.code, severidade, mensagem: issue.mensagem });
      return;
    }
    let e = this.excedentes.get(issue.code);
    if (!e) this.excedentes.set(issue.code, (e = { severidade, linhas: new Linhas() }));
    e.linhas.add(issue.line);
  }

  /** A finding of the whole file or of one line. */
  avulsa(o: OcorrenciaAfd): void {
    this.avulsas.push(o);
  }

  /** Adds `linha` to the group `chave`, created with its text on first use. */
  grupo(chave: string, linha: number, criar: () => Omit<Grupo, 'linhas'>): void {
    let g = this.grupos.get(chave);
    if (!g) this.grupos.set(chave, (g = { ...criar(), linhas: new Linhas() }));
    g.linhas.add(linha);
  }

  /** Every finding by line; `maxFaixas` bounds the line lists of grouped findings (the request's message). */
  lista(maxFaixas = Infinity): OcorrenciaAfd[] {
    const out = [...this.avulsas];
    for (const [codigo, e] of this.excedentes) {
      out.push({
        linha: e.linhas.primeira,
        codigo,
        severidade: e.severidade,
        mensagem: `Mais ${milhar(e.linhas.total)} ocorrências ${codigo}, nas linhas ${e.linhas.texto(maxFaixas)}.`,
      });
    }
    for (const g of this.grupos.values()) {
      out.push({
        linha: g.linhas.primeira,
        codigo: g.codigo,
        severidade: g.severidade,
        mensagem: g.mensagem(g.linhas, maxFaixas),
      });
    }
    return out.sort((a, b) => a.linha - b.linha);
  }
}
