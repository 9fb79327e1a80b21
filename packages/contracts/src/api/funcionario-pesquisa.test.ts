import { describe, expect, it } from 'vitest';
import {
  buscarFuncionariosContrato,
  buscarFuncionariosCrachaNome,
  normalizarPesquisa,
  trocaEscalaForm,
  trocarContratoFuncionarios,
} from './funcionario-pesquisa.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.message);

describe('the free-text rule of the employee filter (seed 002 §5)', () => {
  it('turns everything but letters and digits into spaces and trims', () => {
    expect(normalizarPesquisa('  João  da Silva! ')).toBe('João da Silva');
    expect(normalizarPesquisa('123.456.789-09')).toBe('123 456 789 09');
    expect(normalizarPesquisa("D'Ávila_Conceição")).toBe('D Ávila Conceição');
    expect(normalizarPesquisa('%_\\*')).toBe('');
  });

  it('refuses a text that is empty after the rule, so no call lists everyone by accident', () => {
    const r = buscarFuncionariosCrachaNome.body.safeParse({ idCnpj: 1, crachaNome: ' %% ' });
    expect(messages(r)).toEqual(['Informe um crachá ou nome para a pesquisa']);
    expect(buscarFuncionariosCrachaNome.body.parse({ idCnpj: 1, crachaNome: ' Ana% ' }).crachaNome).toBe('Ana');
  });

  it('needs a company or cost centres', () => {
    expect(messages(buscarFuncionariosCrachaNome.body.safeParse({ crachaNome: 'Ana', idsCentrosCustos: [] }))).toEqual([
      'Selecione uma empresa',
    ]);
    expect(messages(buscarFuncionariosContrato.body.safeParse({ idContrato: 3 }))).toEqual([
      'Selecione uma empresa e a escala atual',
    ]);
    expect(buscarFuncionariosContrato.body.safeParse({ idsCentrosCustos: [4], idContrato: 3 }).success).toBe(true);
  });
});

describe('the mass move (seed 001 §5 Employee schedule move)', () => {
  const ok = { idsFuncionarios: [1, 2], idNovoContrato: 2, idAntigoContrato: 1, dataInicio: '2026-03-01' };

  it('says the seed words', () => {
    const b = trocarContratoFuncionarios.body;
    expect(b.safeParse(ok).success).toBe(true);
    expect(messages(b.safeParse({ ...ok, idNovoContrato: null }))).toEqual(['Selecione a nova escala']);
    expect(messages(b.safeParse({ ...ok, idNovoContrato: 1 }))).toEqual(['A nova escala é igual a atual']);
    expect(messages(b.safeParse({ ...ok, idsFuncionarios: [] }))).toEqual(['Selecione um funcionário']);
    expect(messages(b.safeParse({ ...ok, dataInicio: '2026-02-30' }))).toEqual([
      'Data inválida: use o formato dd/mm/aaaa.',
    ]);
  });

  it('checks the form in the seed order, one message at a time', () => {
    const f = { idCnpj: 1, idAntigoContrato: 1, idNovoContrato: 2, dataInicio: '2026-03-01', idsFuncionarios: [5] };
    expect(trocaEscalaForm.safeParse(f).success).toBe(true);
    expect(messages(trocaEscalaForm.safeParse({ ...f, idCnpj: null, idNovoContrato: null }))).toEqual([
      'Selecione uma empresa',
    ]);
    expect(messages(trocaEscalaForm.safeParse({ ...f, idNovoContrato: null }))).toEqual(['Selecione a nova escala']);
    expect(messages(trocaEscalaForm.safeParse({ ...f, idNovoContrato: 1 }))).toEqual(['A nova escala é igual a atual']);
    expect(messages(trocaEscalaForm.safeParse({ ...f, idsFuncionarios: [] }))).toEqual(['Selecione um funcionário']);
    expect(messages(trocaEscalaForm.safeParse({ ...f, dataInicio: null }))).toEqual(['Informe a data de início']);
  });
});
