import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, pisCheckDigit } from '../documents.js';
import {
  FUNCIONARIO_MSG as M,
  anosPermitidos,
  janelaAtivacao,
  normalizarCrachaNome,
  salvarFuncionarioForm,
  validarLinhaFuncionario,
} from './funcionario.js';

const cpf = '529982247' + cpfCheckDigits('529982247');
const pis = '1234567890' + pisCheckDigit('1234567890');
const linha = { nome: 'Ana Souza', cpf, pis, cracha: '12', registro: 'R1', dataAdmissao: '2026-01-05' };

describe('regras do dia (seed 001 §5, §9)', () => {
  it('anos de nascimento e admissão: os últimos 90 até o atual; em dezembro, também o próximo', () => {
    expect(anosPermitidos('2026-03-10')).toEqual({ min: 1936, max: 2026 });
    expect(anosPermitidos('2026-12-01')).toEqual({ min: 1936, max: 2027 });
  });

  it('ativação agendada: de amanhã a +6 dias, atravessando o mês', () => {
    expect(janelaAtivacao('2026-02-27')).toEqual({ de: '2026-02-28', ate: '2026-03-05' });
  });

  it('o formulário de novo funcionário diz a janela com as datas', () => {
    const r = salvarFuncionarioForm('2026-03-10').safeParse({
      funcionario: { ...linha, agendarAtivacao: true, dataAtivacao: '2026-03-10' },
      cnpj: { id: 1 },
      cargo: { id: 1 },
      centroCusto: { id: 1 },
      contrato: { id: 1 },
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['funcionario.dataAtivacao', M.dataAtivacaoForaDaJanela('2026-03-11', '2026-03-16')],
    ]);
  });
});

describe('texto crachá/pis/cpf/nome (seed 001 §5)', () => {
  it('o que não é letra (acentuadas inclusive) nem dígito vira espaço', () => {
    expect(normalizarCrachaNome("  José-D'Ávila / 529.982.247-25 ")).toBe('José D Ávila 529 982 247 25');
    expect(normalizarCrachaNome(null)).toBe('');
  });
});

describe('linha da importação (validarLinhaFuncionario)', () => {
  it('aceita a linha válida, com documentos reduzidos a dígitos', () => {
    const r = validarLinhaFuncionario({ ...linha, cpf: '529.982.247-25' }, '2026-03-10');
    expect(r).toMatchObject({ ok: true, funcionario: { cpf, pis, semPis: false } });
  });

  it('PIS vazio é "sem PIS" (decisão 0032); PIS errado e CPF errado são recusados', () => {
    expect(validarLinhaFuncionario({ ...linha, pis: '' }, '2026-03-10')).toMatchObject({
      ok: true,
      funcionario: { pis: null, semPis: true },
    });
    const r = validarLinhaFuncionario({ ...linha, pis: '12345678901', cpf: '11111111111' }, '2026-03-10');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.erros.map((e) => e.mensagem)).toEqual(expect.arrayContaining([M.pisInvalido, M.cpfInvalido]));
  });

  it('limites, senha do teclado e anos com as mensagens do formulário', () => {
    const r = validarLinhaFuncionario(
      { ...linha, nome: 'x'.repeat(51), senhaTecladoSemBio: '123', dataNascimento: '1900-01-01' },
      '2026-03-10',
    );
    expect(r.ok).toBe(false);
    expect(!r.ok && r.erros.map((e) => e.mensagem)).toEqual(
      expect.arrayContaining([M.maximo('Nome', 50), M.senhaTeclado]),
    );
    const anos = validarLinhaFuncionario({ ...linha, dataNascimento: '1900-01-01' }, '2026-03-10');
    expect(!anos.ok && anos.erros).toEqual([
      { campo: 'dataNascimento', mensagem: M.anoForaDoIntervalo('Data de nascimento', 1936, 2026) },
    ]);
  });
});
