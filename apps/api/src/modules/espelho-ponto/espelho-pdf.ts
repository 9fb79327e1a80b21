import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, Style, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';

/**
 * The espelho de ponto (Portaria MTP 671/2021 art. 84; issue 23 §5) as data:
 * what one employee's month shows, already formatted (dates dd/mm/aaaa, hours
 * HH:MM). The service assembles it from the stored month; this file only lays
 * it out, so the layout is tested without a database.
 */
export interface EspelhoPonto {
  empregador: {
    nome: string;
    /** 'CNPJ', 'CPF', 'CAEPF' or 'CNO'. */
    tipoDocumento: string;
    /** Formatted (e.g. '11.222.333/0001-81'). */
    documento: string;
  };
  trabalhador: {
    nome: string;
    /** Formatted CPF. */
    cpf: string;
    cracha: string;
    /** dd/mm/aaaa, or null when not registered. */
    admissao: string | null;
    cargo: string | null;
    centroCusto: string | null;
  };
  /** dd/mm/aaaa. */
  periodo: { inicio: string; fim: string };
  /** dd/mm/aaaa HH:MM, in the company's zone. */
  emitidoEm: string;
  /** The contractual schedule, one line each (e.g. 'Seg a Sex: 08:00–12:00, 13:00–17:00'). */
  horarioContratual: string[];
  dias: EspelhoDia[];
  /** The month's totals (Jornada, Horas Extras, Evento), in the Resumo's order. */
  totais: { descricao: string; valor: string }[];
  /** The hour bank's lines (previous balance, credits, debits, balance), null without an active bank. */
  banco: { descricao: string; valor: string }[] | null;
}

/** How a punch entered the day (Portaria 671 art. 82, 84): as recorded, inserted, discarded, pre-assigned. */
export type TipoMarcacao = 'original' | 'inserida' | 'desconsiderada' | 'preAssinalada';

export interface EspelhoDia {
  /** dd/mm. */
  data: string;
  /** 'Seg' … 'Dom'. */
  diaSemana: string;
  marcacoes: { hora: string; tipo: TipoMarcacao }[];
  /** Normal hours, with the reduced night hour applied (spec §11). */
  jornada: string;
  noturno: string;
  extras: string;
  faltantes: string;
  /** The day's events and occurrences, as Marcações writes them. */
  eventos: string;
  /** A day not over yet when the espelho was issued (decision 0073): measured, not judged. */
  emAberto: boolean;
}

/**
 * The styles as objects, not names: pdfmake resolves a named style for every
 * property of every piece of text, allocating as it goes, and with names that
 * lookup was the largest part of a page's layout (objects are read directly).
 */
const ESTILO = {
  titulo: { fontSize: 14, bold: true },
  subtitulo: { fontSize: 9, color: '#444444', margin: [0, 2, 0, 0] },
  secao: { fontSize: 9, bold: true, margin: [0, 4, 0, 3] },
  tabela: { fontSize: 7.5 },
  cabecalhoTabela: { bold: true, fillColor: '#eeeeee' },
  legenda: { fontSize: 6.5, color: '#555555' },
  assinatura: { fontSize: 8, alignment: 'center', margin: [0, 2, 0, 0] },
} satisfies Record<string, Style>;

/** The letter after a treated punch, and the legend under the table that explains it. */
const SUFIXO: Record<TipoMarcacao, string> = {
  original: '',
  inserida: ' (I)',
  desconsiderada: ' (D)',
  preAssinalada: ' (P)',
};
export const LEGENDA_MARCACOES =
  '(I) marcação incluída no tratamento · (D) marcação desconsiderada, mantida no registro · (P) intervalo pré-assinalado';

const CABECALHO_DIAS = ['Dia', 'Sem.', 'Marcações', 'Jornada', 'Noturno', 'Extras', 'Faltantes', 'Eventos'];

const campo = (rotulo: string, valor: string | null): Content => ({
  text: [{ text: `${rotulo}: `, bold: true }, valor ?? '—'],
  margin: [0, 0, 0, 2],
});

/**
 * A day's punches as one cell: plain text runs joined, only a discarded punch
 * its own struck-through piece. One piece per punch made pdfmake resolve a
 * style stack for each, a fifth of a page's layout time.
 */
function textoDasMarcacoes(marcacoes: EspelhoDia['marcacoes']): TableCell {
  const pecas: (string | { text: string; decoration: 'lineThrough'; color: string })[] = [];
  let corrido = '';
  marcacoes.forEach((m, i) => {
    const texto = `${i > 0 ? ' ' : ''}${m.hora}${SUFIXO[m.tipo]}`;
    if (m.tipo !== 'desconsiderada') {
      corrido += texto;
      return;
    }
    if (i > 0) corrido += ' ';
    if (corrido) pecas.push(corrido);
    corrido = '';
    pecas.push({ text: texto.trimStart(), decoration: 'lineThrough', color: '#666666' });
  });
  if (corrido) pecas.push(corrido);
  return pecas.length === 1 && typeof pecas[0] === 'string' ? pecas[0] : { text: pecas };
}

/** The items split into `n` columns, filled top to bottom. */
function emColunas<T>(itens: readonly T[], n: number): T[][] {
  const altura = Math.ceil(itens.length / n);
  return Array.from({ length: n }, (_, i) => itens.slice(i * altura, (i + 1) * altura));
}

/** One employee's espelho, as pdfmake content (a page break before each one but the first). */
export function conteudoDoEspelho(e: EspelhoPonto, primeiro: boolean): Content[] {
  const linhas: TableCell[][] = [
    CABECALHO_DIAS.map((t) => ({ text: t, style: ESTILO.cabecalhoTabela })),
    ...e.dias.map((d): TableCell[] => [
      d.data,
      d.diaSemana,
      textoDasMarcacoes(d.marcacoes),
      d.jornada,
      d.noturno,
      d.extras,
      d.faltantes,
      d.emAberto ? { text: 'Dia em aberto', italics: true } : d.eventos,
    ]),
  ];
  return [
    {
      stack: [
        { text: 'Espelho de Ponto', style: ESTILO.titulo },
        {
          text: `Período de ${e.periodo.inicio} a ${e.periodo.fim} · emitido em ${e.emitidoEm}`,
          style: ESTILO.subtitulo,
        },
      ],
      ...(primeiro ? {} : { pageBreak: 'before' as const }),
    },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: 'Empregador', style: ESTILO.secao },
            campo('Razão social', e.empregador.nome),
            campo(e.empregador.tipoDocumento, e.empregador.documento),
          ],
        },
        {
          width: '*',
          stack: [
            { text: 'Trabalhador', style: ESTILO.secao },
            campo('Nome', e.trabalhador.nome),
            campo('CPF', e.trabalhador.cpf),
            campo('Crachá', e.trabalhador.cracha),
            campo('Admissão', e.trabalhador.admissao),
            campo('Cargo', e.trabalhador.cargo),
            campo('Centro de custo', e.trabalhador.centroCusto),
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 8, 0, 6],
    },
    { text: 'Horário contratual', style: ESTILO.secao },
    ...(e.horarioContratual.length ? e.horarioContratual : ['Sem escala no período']).map((l) => ({
      text: l,
      margin: [0, 0, 0, 2] as [number, number, number, number],
    })),
    {
      // The events take what is left: a narrow column wrapped them onto three lines and the month onto two pages.
      table: { headerRows: 1, widths: [24, 20, 150, 30, 30, 30, 34, '*'], body: linhas },
      // A month on one page: thin rules and tight rows.
      layout: {
        hLineWidth: (i: number) => (i === 1 ? 1 : 0.4),
        vLineWidth: () => 0,
        hLineColor: () => '#bbbbbb',
        paddingTop: () => 1.5,
        paddingBottom: () => 1.5,
        paddingLeft: () => 2,
        paddingRight: () => 2,
      },
      style: ESTILO.tabela,
      margin: [0, 8, 0, 4],
    },
    { text: LEGENDA_MARCACOES, style: ESTILO.legenda },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: 'Totais do período', style: ESTILO.secao },
            // Three columns of lines: a month's totals are a dozen or more, and the page has room across.
            {
              columns: emColunas(e.totais, 3).map((coluna) => ({
                width: '*',
                stack: coluna.map((t) => campo(t.descricao, t.valor)),
              })),
              columnGap: 8,
            },
          ],
        },
        {
          width: 150,
          stack: [
            { text: 'Banco de horas', style: ESTILO.secao },
            ...(e.banco
              ? e.banco.map((b) => campo(b.descricao, b.valor))
              : [{ text: 'Sem banco de horas no período' }]),
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 10, 0, 0],
    },
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: '_'.repeat(45), alignment: 'center' },
            { text: e.empregador.nome, style: ESTILO.assinatura },
          ],
        },
        {
          width: '*',
          stack: [
            { text: '_'.repeat(45), alignment: 'center' },
            { text: e.trabalhador.nome, style: ESTILO.assinatura },
          ],
        },
      ],
      columnGap: 32,
      margin: [0, 28, 0, 0],
      unbreakable: true,
    },
  ];
}

/**
 * A batch's document: one espelho after another, A4. The page numbers are
 * stamped on the whole document once the batches are joined (juntar-pdfs.ts).
 */
export function documentoDosEspelhos(espelhos: readonly EspelhoPonto[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [28, 28, 28, 36],
    info: { title: 'Espelho de Ponto', creator: 'Jornada' },
    content: espelhos.flatMap((e, i) => conteudoDoEspelho(e, i === 0)),
    defaultStyle: { font: 'Roboto', fontSize: 8 },
  };
}

let fontesProntas = false;
/** pdfmake's own Roboto (Latin, with the accents the names need), read from its package, never from the network. */
function prepararFontes(): void {
  if (fontesProntas) return;
  const raiz = join(dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  pdfmake.setFonts({
    Roboto: {
      normal: join(raiz, 'Roboto-Regular.ttf'),
      bold: join(raiz, 'Roboto-Medium.ttf'),
      italics: join(raiz, 'Roboto-Italic.ttf'),
      bolditalics: join(raiz, 'Roboto-MediumItalic.ttf'),
    },
  });
  // A document never fetches anything: no URL, no file but the fonts above.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(raiz));
  fontesProntas = true;
}

/** The PDF of the espelhos (CPU-bound: the document job runs it on a worker thread). */
export async function renderizarEspelhos(espelhos: readonly EspelhoPonto[]): Promise<Buffer> {
  prepararFontes();
  return pdfmake.createPdf(documentoDosEspelhos(espelhos)).getBuffer();
}
