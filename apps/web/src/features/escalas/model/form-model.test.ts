import { describe, expect, it } from 'vitest';
import { escalaApi, type ConfiguracaoEscala } from '@jornada/contracts';
import { paraEnvio, paraFormulario, validarEscala } from './form-model';

const { ESCALA_MSG: M, ESCALA_PADRAO } = escalaApi;

const comBanco = (): ConfiguracaoEscala => ({
  ...structuredClone(ESCALA_PADRAO),
  descricao: 'Com banco',
  incluirBancoHoras: true,
  politicaBancoHora: { periodoInicial: '2026-01', periodoFinal: '2026-06', acordoIndividual: true },
  bancoHoraTransferencia: {
    ...structuredClone(ESCALA_PADRAO.bancoHoraTransferencia!),
    faixaSabados: 0.25,
    fatorSabados: '1,5',
  },
});

describe('the form document and the wire (seed 001 §4, §5)', () => {
  it('loads percentages ×100 and sends them ÷100, bands and the bank transfer alike', () => {
    const form = paraFormulario(comBanco());
    expect(form.politicaHoraExtra.faixasHoraExtra[0]).toMatchObject({ ate: 99, segunda: 50, domingo: 100, folga: 100 });
    expect(form.bancoHoraTransferencia.faixaSabados).toBe(25);
    const envio = paraEnvio(form, 2);
    expect(envio.politicaHoraExtra.faixasHoraExtra[0]).toMatchObject({ segunda: 0.5, domingo: 1 });
    expect(envio.bancoHoraTransferencia?.faixaSabados).toBe(0.25);
    expect(envio.bancoHoraTransferencia?.fatorSabados).toBe('1,5');
    expect(envio.politicaBancoHora).toEqual({
      periodoInicial: '2026-01',
      periodoFinal: '2026-06',
      acordoIndividual: true,
    });
  });

  it('with the bank off sends only incluirBancoHoras: false of it', () => {
    const form = paraFormulario(comBanco());
    form.incluirBancoHoras = false;
    const envio = paraEnvio(form, 2);
    expect(envio.incluirBancoHoras).toBe(false);
    for (const k of ['politicaBancoHora', 'bancoHoraArmazenamento', 'bancoHoraTransferencia'])
      expect(envio).not.toHaveProperty(k);
  });

  it('sends only the active type: the time table for EQH, the chosen list for ERC', () => {
    const form = paraFormulario({ ...structuredClone(ESCALA_PADRAO), descricao: 'X' });
    form.revezamento = {
      idCiclo: 7,
      validarFechamento: true,
      horasFechamento: '05:00',
      descricaoCiclos: 'velha',
      ciclos: [],
    };
    const eqh = paraEnvio(form, 2);
    expect(eqh.tipoEscala).toBe('EQH');
    expect(eqh.quadroHorario?.diasDaSemana).toHaveLength(7);
    expect(eqh).not.toHaveProperty('revezamento');
    form.tipoEscala = 'ERC';
    const erc = paraEnvio(form, 2);
    expect(erc).not.toHaveProperty('quadroHorario');
    expect(erc.revezamento).toEqual({ idCiclo: 7, validarFechamento: true, horasFechamento: '05:00' });
  });

  it('drops the third pair when two are on screen and the close time when it is not validated', () => {
    const form = paraFormulario({ ...structuredClone(ESCALA_PADRAO), descricao: 'X' });
    form.quadroHorario.diasDaSemana[1] = { ...form.quadroHorario.diasDaSemana[1]!, entrada3: '18:00', saida3: '20:00' };
    form.quadroHorario.horasFechamento = '04:00';
    expect(paraEnvio(form, 3).quadroHorario?.diasDaSemana[1]).toMatchObject({ entrada3: '18:00', saida3: '20:00' });
    const dois = paraEnvio(form, 2).quadroHorario!;
    expect(dois.diasDaSemana[1]).toMatchObject({ entrada3: null, saida3: null });
    expect(dois.horasFechamento).toBeNull();
  });

  it('completes a stored table with the missing weekdays and the missing bank rows', () => {
    const c = structuredClone(ESCALA_PADRAO);
    c.quadroHorario!.diasDaSemana = [{ ...c.quadroHorario!.diasDaSemana[1]!, entrada1: '08:00' }];
    c.bancoHoraArmazenamento = { ...c.bancoHoraArmazenamento!, Folgas: null };
    const form = paraFormulario(c);
    expect(form.quadroHorario.diasDaSemana.map((d) => d.dia)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(form.quadroHorario.diasDaSemana[1]!.entrada1).toBe('08:00');
    expect(form.bancoHoraArmazenamento.Folgas).toEqual({ horaExtra: false, limiteHE: null });
  });

  it('a new schedule starts from the seed defaults with the default band in percent', () => {
    const form = paraFormulario();
    expect(form.politicaContratual).toMatchObject({
      horasDSR: '07:33',
      parametroRefeicao: 4,
      horasMensaisalistas: 220,
    });
    expect(form.politicaHoraExtra.faixasHoraExtra).toEqual([
      {
        tipo: 1,
        ate: 99,
        segunda: 50,
        terca: 50,
        quarta: 50,
        quinta: 50,
        sexta: 50,
        sabado: 50,
        domingo: 100,
        feriado: 100,
        folga: 100,
      },
    ]);
  });

  it('validates with the seed words by tab, then what the schema refuses', () => {
    const form = paraFormulario(comBanco());
    form.descricao = '  ';
    form.politicaAtraso.atrasoMaximoDiaMinuto = null;
    form.bancoHoraTransferencia.fatorSabados = '1,5x';
    expect(validarEscala(paraEnvio(form, 2))).toEqual([
      { aba: 'descricao', mensagem: M.informeDescricao },
      { aba: 'atrasos', mensagem: M.atrasos },
      { aba: 'bancoHoras', mensagem: 'Fator inválido: use 1,5 ou 1:30.' },
    ]);
  });
});
