import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatTime, hojeNaEmpresa, mesAtualNaEmpresa } from './format';
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

describe('hojeNaEmpresa: o dia do calendário da empresa (issue 24 §10)', () => {
  it.each([
    // 01:30 UTC on 1 April is still 31 March in São Paulo, already 1 April in Tokyo's browser.
    ['2026-04-01T01:30:00Z', 'America/Sao_Paulo', '2026-03-31'],
    ['2026-04-01T03:00:00Z', 'America/Sao_Paulo', '2026-04-01'],
    ['2026-04-01T01:30:00Z', 'Asia/Tokyo', '2026-04-01'],
    ['2026-12-31T23:59:00Z', 'America/Noronha', '2026-12-31'],
    ['2027-01-01T02:30:00Z', 'America/Noronha', '2027-01-01'],
  ])('%s em %s → %s', (iso, zona, dia) => {
    expect(hojeNaEmpresa(new Date(iso), zona)).toBe(dia);
  });

  it('o mês atual vem da sessão', () => {
    const sessao = makeSession([]);
    sessao.dadosRequisicao.empresa.fusoHorario = 'America/Sao_Paulo';
    setSession(sessao);
    expect(mesAtualNaEmpresa(new Date('2026-04-01T01:30:00Z'))).toBe('2026-03');
    clearSession();
  });
});
