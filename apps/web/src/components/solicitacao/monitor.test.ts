import { describe, expect, it } from 'vitest';
import { MSG, MSG_RELATORIO, MSG_SOLICITACAO } from '@jornada/contracts';
import { desfecho, type Desfecho } from './monitor';

const LINK = '/api/arquivo/x?exp=1&sig=a';

describe('desfecho of a report check (seed 002 §4)', () => {
  it.each<[string, Parameters<typeof desfecho>[0], number, Desfecho]>([
    ['FILA at the 1st check', { status: 'FILA', link: null, mensagem: null }, 1, { tipo: 'aguardar' }],
    ['PROCESSANDO at the 9th', { status: 'PROCESSANDO', link: null, mensagem: null }, 9, { tipo: 'aguardar' }],
    [
      'PROCESSANDO at the 10th',
      { status: 'PROCESSANDO', link: null, mensagem: null },
      10,
      { tipo: 'fila', aviso: MSG_RELATORIO.foiParaFila },
    ],
    [
      'PROCESSADO with its link',
      { status: 'PROCESSADO', link: LINK, mensagem: null },
      3,
      { tipo: 'arquivo', link: LINK, notas: null },
    ],
    [
      'PROCESSADO with notes',
      { status: 'PROCESSADO', link: LINK, mensagem: 'Pessoa 2 sem marcações no mês.' },
      3,
      { tipo: 'arquivo', link: LINK, notas: 'Pessoa 2 sem marcações no mês.' },
    ],
    [
      'PROCESSADO without a link',
      { status: 'PROCESSADO', link: null, mensagem: null },
      3,
      { tipo: 'erro', texto: MSG_SOLICITACAO.linkInvalido },
    ],
    [
      'ERRO: the messages after ERROS',
      { status: 'ERRO', link: null, mensagem: 'ERROS#Um.#Dois.' },
      10,
      { tipo: 'erro', texto: 'Um. Dois.' },
    ],
    ['ERRO without a message', { status: 'ERRO', link: null, mensagem: 'ERROS' }, 1, { tipo: 'erro', texto: MSG.oops }],
  ])('%s', (_caso, s, n, esperado) => {
    expect(desfecho(s, n)).toEqual(esperado);
  });
});
