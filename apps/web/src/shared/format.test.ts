import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './format';
import { clearSession, setSession } from './session';
import { makeSession } from '../test/render-app';

describe('formatDateTime: um relógio só, o da empresa (issue 24 §10)', () => {
  afterEach(() => clearSession());

  it.each([
    // 02:30 UTC on the 10th is still the 9th in Brazil, and already past midnight in Noronha.
    ['2026-03-10T02:30:00Z', 'America/Sao_Paulo', '09/03/2026 23:30'],
    ['2026-03-10T02:30:00Z', 'America/Manaus', '09/03/2026 22:30'],
    ['2026-03-10T02:30:00Z', 'America/Rio_Branco', '09/03/2026 21:30'],
    ['2026-03-10T02:30:00Z', 'America/Noronha', '10/03/2026 00:30'],
    ['2026-03-10T15:05:59.999Z', 'UTC', '10/03/2026 15:05'],
    // Midnight is 00, never 24.
    ['2026-03-10T03:00:00Z', 'America/Sao_Paulo', '10/03/2026 00:00'],
  ])('%s em %s → %s', (iso, zona, esperado) => {
    expect(formatDateTime(iso, zona)).toBe(esperado);
    expect(formatTime(iso, zona)).toBe(esperado.slice(11));
  });

  it('sem fuso explícito, usa o da sessão; um fuso desconhecido cai no do navegador em vez de nada', () => {
    const sessao = makeSession([]);
    sessao.dadosRequisicao.empresa.fusoHorario = 'America/Rio_Branco';
    setSession(sessao);
    expect(formatDateTime('2026-03-10T02:30:00Z')).toBe('09/03/2026 21:30');
    expect(formatDateTime('2026-03-10T02:30:00Z', 'Marte/Olympus')).toMatch(/^\d\d\/\d\d\/2026 \d\d:30$/);
  });

  it('vazio ou inválido → texto vazio', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('não é data')).toBe('');
  });
});
