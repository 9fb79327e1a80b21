import { describe, expect, it } from 'vitest';
import type { ContentTable } from 'pdfmake/interfaces.js';
import {
  conteudoDoEspelho,
  documentoDosEspelhos,
  LEGENDA_MARCACOES,
  renderizarEspelhos,
  type EspelhoDia,
  type EspelhoPonto,
} from './espelho-pdf.js';

const dia = (n: number, over: Partial<EspelhoDia> = {}): EspelhoDia => ({
  data: `${String(n).padStart(2, '0')}/02`,
  diaSemana: 'Ter',
  marcacoes: [
    { hora: '08:00', tipo: 'original' },
    { hora: '12:00', tipo: 'original' },
    { hora: '13:00', tipo: 'original' },
    { hora: '17:00', tipo: 'original' },
  ],
  jornada: '08:00',
  noturno: '00:00',
  extras: '00:00',
  faltantes: '00:00',
  eventos: '',
  emAberto: false,
  ...over,
});

/** An espelho with a treated day (inserted, discarded, pre-assigned punches) and an open one. */
function exemploEspelho(nome = 'João da Conceição Ávila'): EspelhoPonto {
  return {
    empregador: { nome: 'Jornada Demonstração Ltda', tipoDocumento: 'CNPJ', documento: '11.222.333/0001-81' },
    trabalhador: {
      nome,
      cpf: '529.982.247-25',
      cracha: '000123',
      admissao: '02/01/2024',
      cargo: 'Analista',
      centroCusto: 'Financeiro',
    },
    periodo: { inicio: '01/02/2026', fim: '28/02/2026' },
    emitidoEm: '10/03/2026 09:00',
    horarioContratual: ['Seg a Sex: 08:00–12:00, 13:00–17:00', 'Sáb e Dom: folga'],
    dias: [
      dia(2),
      dia(3, {
        marcacoes: [
          { hora: '07:58', tipo: 'desconsiderada' },
          { hora: '08:00', tipo: 'inserida' },
          { hora: '12:00', tipo: 'preAssinalada' },
          { hora: '13:00', tipo: 'preAssinalada' },
          { hora: '17:00', tipo: 'original' },
        ],
      }),
      dia(4, { faltantes: '01:00', eventos: 'Atraso 01:00', marcacoes: [{ hora: '09:00', tipo: 'original' }] }),
      dia(5, { emAberto: true, marcacoes: [{ hora: '08:02', tipo: 'original' }], jornada: '00:00' }),
    ],
    totais: [
      { descricao: 'Jornada', valor: '24:00' },
      { descricao: 'Horas extras 50%', valor: '00:00' },
    ],
    banco: [
      { descricao: 'Saldo anterior', valor: '02:00' },
      { descricao: 'Saldo final', valor: '01:00' },
    ],
  };
}

describe('espelho de ponto: layout (Portaria 671 art. 84)', () => {
  it('one table row per day under a header; treated punches carry their letter; the discarded one struck through', () => {
    const conteudo = conteudoDoEspelho(exemploEspelho(), true);
    const tabela = conteudo.find((c): c is ContentTable => typeof c === 'object' && 'table' in c)!;
    const linhas = tabela.table.body;
    expect(linhas).toHaveLength(1 + 4);
    expect(linhas[0]!.map((c) => (c as { text: string }).text)).toEqual([
      'Dia',
      'Sem.',
      'Marcações',
      'Jornada',
      'Noturno',
      'Extras',
      'Faltantes',
      'Eventos',
    ]);
    const tratado = (linhas[2]![2] as { text: unknown[] }).text;
    // The punches kept are one run of text; only the discarded one is a piece of its own.
    expect(tratado).toEqual([
      { text: '07:58 (D)', decoration: 'lineThrough', color: '#666666' },
      ' 08:00 (I) 12:00 (P) 13:00 (P) 17:00',
    ]);
    expect(linhas[1]![2]).toBe('08:00 12:00 13:00 17:00');
    expect(linhas[4]![7]).toEqual({ text: 'Dia em aberto', italics: true });
    expect(JSON.stringify(conteudo)).toContain(LEGENDA_MARCACOES);
    // Employer and worker, the contractual schedule and both signature lines.
    const texto = JSON.stringify(conteudo);
    for (const s of ['11.222.333/0001-81', '529.982.247-25', '02/01/2024', 'Seg a Sex: 08:00–12:00, 13:00–17:00'])
      expect(texto).toContain(s);
    expect(texto.match(/"_{45}"/g)).toHaveLength(2);
  });

  it('several employees: each starts on a new page; without a bank it says so', () => {
    const segundo = { ...exemploEspelho('Maria'), banco: null };
    const doc = documentoDosEspelhos([exemploEspelho(), segundo]);
    const conteudo = doc.content as { pageBreak?: string }[];
    expect(conteudo.filter((c) => c.pageBreak === 'before')).toHaveLength(1);
    expect(JSON.stringify(conteudoDoEspelho(segundo, false))).toContain('Sem banco de horas no período');
  });

  it('renders a real PDF with one page per short espelho', async () => {
    const pdf = await renderizarEspelhos([exemploEspelho(), exemploEspelho('Maria')]);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});
