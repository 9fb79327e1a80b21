import { describe, expect, it } from 'vitest';
import {
  ESCALA_MSG as M,
  ESCALA_PADRAO,
  PRESETS_QUADRO,
  alterarEscala,
  configuracaoEscalaValidada,
  copiarPrimeiroDia,
  diasVazios,
  errosConfiguracaoEscala,
  errosListaCiclos,
  salvarCiclos,
  salvarEscala,
  type ConfiguracaoEscala,
} from './escala.js';

const valida = (over: Partial<ConfiguracaoEscala> = {}): ConfiguracaoEscala => ({
  ...structuredClone(ESCALA_PADRAO),
  descricao: 'Comercial',
  ...over,
});

const minutosSemana = (dias: ReturnType<typeof diasVazios>) =>
  dias.reduce((t, d) => {
    const m = (h: string | null) => (h ? Number(h.slice(0, 2)) * 60 + Number(h.slice(3)) : 0);
    return t + m(d.saida1) - m(d.entrada1) + m(d.saida2) - m(d.entrada2) + m(d.saida3) - m(d.entrada3);
  }, 0);

describe('escala contracts', () => {
  it('the seed defaults with a description pass every tab rule and the save body', () => {
    expect(errosConfiguracaoEscala(valida())).toEqual([]);
    expect(salvarEscala.body.safeParse({ configuracao: valida() }).success).toBe(true);
  });

  it('an empty description gives the seed message, verbatim, as the whole server message', () => {
    const r = salvarEscala.body.safeParse({ configuracao: valida({ descricao: '  ' }) });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path, i.message])).toEqual([[[], M.informeDescricao]]);
  });

  it('reports each tab with the seed words', () => {
    const c = valida();
    c.politicaAtraso.saidaAntecipadaMaximoDiaMinuto = null;
    c.politicaContratual.horasMensaisalistas = 0;
    c.politicaHoraExtra.toleranciaInicioHoraExtra = null;
    c.politicaHoraExtra.faixasHoraExtra = [{ ...c.politicaHoraExtra.faixasHoraExtra[0]!, tipo: 2, folga: null }];
    c.incluirBancoHoras = true;
    c.quadroHorario = { ...c.quadroHorario!, validarFechamento: true, horasFechamento: null };
    expect(errosConfiguracaoEscala(c)).toEqual([
      { aba: 'quadro', mensagem: M.quadroFechamento },
      { aba: 'contratual', mensagem: M.contratual },
      { aba: 'atrasos', mensagem: M.atrasos },
      { aba: 'horasExtras', mensagem: M.horasExtrasFaixa },
      { aba: 'horasExtras', mensagem: M.horasExtrasFaixaNoturna },
      { aba: 'horasExtras', mensagem: M.horasExtras },
      { aba: 'bancoHoras', mensagem: M.bancoHoras },
    ]);
    const form = configuracaoEscalaValidada.safeParse(c);
    expect(form.error!.issues.find((i) => i.message === M.atrasos)!.path).toEqual(['politicaAtraso']);
  });

  it('a normal band with an empty cell and a bank period ending before it starts', () => {
    const c = valida({ incluirBancoHoras: true });
    c.politicaHoraExtra.faixasHoraExtra = [{ ...c.politicaHoraExtra.faixasHoraExtra[0]!, ate: null }];
    c.politicaBancoHora = { periodoInicial: '2026-05', periodoFinal: '2026-04', acordoIndividual: false };
    expect(errosConfiguracaoEscala(c).map((e) => e.mensagem)).toEqual([
      M.horasExtrasFaixaNormal,
      M.periodoBancoInvertido,
    ]);
  });

  it('a rotation needs a cycle list, and its close validation needs the hours', () => {
    const c = valida({
      tipoEscala: 'ERC',
      revezamento: { idCiclo: null, validarFechamento: true, horasFechamento: '00:00' },
    });
    expect(errosConfiguracaoEscala(c).map((e) => e.mensagem)).toEqual([M.revezamentoLista, M.revezamentoFechamento]);
    // The time table's own close validation does not count for a rotation.
    c.quadroHorario!.validarFechamento = true;
    c.revezamento = { idCiclo: 3, validarFechamento: false, horasFechamento: null };
    expect(errosConfiguracaoEscala(c)).toEqual([]);
  });

  it('alterar takes an optional A partir de date and refuses a bad one', () => {
    const base = { configuracao: valida(), idContrato: 4 };
    expect(alterarEscala.body.safeParse(base).success).toBe(true);
    expect(alterarEscala.body.safeParse({ ...base, aPartirDe: '2026-02-30' }).success).toBe(false);
    expect(alterarEscala.body.parse({ ...base, aPartirDe: '2026-03-01' }).aPartirDe).toBe('2026-03-01');
  });

  it('refuses a time that is not HH:MM and a repeated weekday', () => {
    const c = valida();
    c.quadroHorario!.diasDaSemana[1]!.entrada1 = '8:00';
    expect(salvarEscala.body.safeParse({ configuracao: c }).success).toBe(false);
    const d = valida();
    d.quadroHorario!.diasDaSemana[1]!.dia = 1;
    expect(salvarEscala.body.safeParse({ configuracao: d }).success).toBe(false);
  });

  it('the six presets, in the seed order, with their weekly hours', () => {
    expect(PRESETS_QUADRO.map((p) => p.descricao)).toEqual([
      'Personalizado um intervalo',
      'Personalizado dois intervalos',
      '40h 09:00-18:00 Seg-Sex',
      '40h 08:00-17:00 Seg-Sex',
      '40h 08:00-16:00 Seg-Sab',
      '44h 08:00-17:00 Seg-Sab',
    ]);
    expect(PRESETS_QUADRO.slice(2).map((p) => minutosSemana(p.dias) / 60)).toEqual([40, 40, 40, 44]);
    expect(PRESETS_QUADRO.map((p) => p.intervalos)).toEqual([1, 2, 1, 1, 1, 1]);
  });

  it('copies the first filled day to Monday–Friday only', () => {
    const dias = diasVazios();
    dias[1] = { ...dias[1]!, entrada1: '07:00', saida1: '11:00', horarioFlexivel: true };
    const copia = copiarPrimeiroDia(dias);
    expect(copia.filter((d) => d.entrada1 === '07:00').map((d) => d.dia)).toEqual([2, 3, 4, 5, 6]);
    expect(copia[0]!.entrada1).toBeNull();
    expect(copia[6]!.entrada1).toBeNull();
    expect(copia[4]!.horarioFlexivel).toBe(true);
  });

  it('cycle lists: description, at least one cycle, counts above zero', () => {
    const ciclo = {
      posicao: 1,
      diasTrabalhados: 1,
      diasFolgas: 1,
      fatorRepeticao: 1,
      entrada1: '19:00',
      saida1: '07:00',
    };
    expect(errosListaCiclos({ descricaoCiclos: '', ciclos: [] })).toEqual([M.informeDescricaoCiclos, M.nenhumCiclo]);
    expect(errosListaCiclos({ descricaoCiclos: '12x36', ciclos: [ciclo, { ...ciclo, diasFolgas: 0 }] })).toEqual([
      'Dados inválidos no ciclo 2',
    ]);
    expect(salvarCiclos.body.safeParse({ descricaoCiclos: '12x36', ciclos: [ciclo] }).success).toBe(true);
    const r = salvarCiclos.body.safeParse({ descricaoCiclos: '12x36', ciclos: [{ ...ciclo, fatorRepeticao: null }] });
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Dados inválidos no ciclo 1']);
  });
});
