import { describe, expect, it } from 'vitest';
import { cnpjForm, empresaForm, periodoFechamentoForm } from './empresa.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('empresa form schema (seed 000 §5)', () => {
  it('keeps digits only and turns blanks into null', () => {
    const r = cnpjForm.parse({
      numero: '11.222.333/0001-81',
      razaoSocial: ' Padaria ',
      telefone1: '(11) 3456-7890',
      telefone2: '',
      celular: '(11) 98765-4321',
      codigoContabil: ' ',
    });
    expect(r).toMatchObject({
      tipoNumeroDocumento: 'cnpj',
      numero: '11222333000181',
      razaoSocial: 'Padaria',
      telefone1: '1134567890',
      telefone2: null,
      celular: '11987654321',
      codigoContabil: null,
      codigoFilial: null,
    });
  });

  it('says the check digits are wrong even while other fields are still missing', () => {
    expect(messages(cnpjForm.safeParse({ numero: '11222333000182', razaoSocial: '', telefone1: '' }))).toEqual([
      'razaoSocial: Informe a Razão social',
      'telefone1: Informe o Telefone',
      'numero: CNPJ inválido: confira os dígitos.',
    ]);
    expect(
      messages(
        cnpjForm.safeParse({ tipoNumeroDocumento: 'cpf', numero: '123', razaoSocial: 'X', telefone1: '1133334444' }),
      ),
    ).toEqual(['numero: CPF inválido: confira os dígitos.']);
  });

  it('an empty address gives the seed messages, one per field', () => {
    const r = empresaForm.safeParse({
      cnpj: { numero: '11222333000181', razaoSocial: 'X', telefone1: '1133334444' },
      endereco: { tipoLocal: null, rua: '', numero: '', cep: '', bairro: '', cidade: { id: null } },
    });
    expect(messages(r)).toEqual([
      'endereco.tipoLocal: Selecione um tipo de local',
      'endereco.rua: Informe a descrição',
      'endereco.numero: Informe o número',
      'endereco.cep: Informe o cep',
      'endereco.bairro: Informe o bairro',
      'endereco.cidade.id: Selecione uma cidade',
    ]);
  });

  it('the closing-period dialog reads the days and checks the pair', () => {
    expect(
      periodoFechamentoForm.safeParse({ id: 1, nome: 'X', diaInicioFechamento: 21, diaFinalFechamento: 20 }).success,
    ).toBe(true);
    expect(messages(periodoFechamentoForm.safeParse({ diaInicioFechamento: 21, diaFinalFechamento: 25 }))).toEqual([
      'diaFinalFechamento: Um período que começa no dia 21 termina no dia 20 do mês seguinte.',
    ]);
    expect(messages(periodoFechamentoForm.safeParse({ diaInicioFechamento: 0, diaFinalFechamento: 31 }))).toEqual([
      'diaInicioFechamento: Os dias devem estar entre 1 e 31.',
    ]);
  });
});
