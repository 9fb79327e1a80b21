import type { controlePontoApi } from '@jornada/contracts';

/** Minutes → 'HH:MM' (a month's total may pass 24 h; negative with '-'). */
export function horas(minutos: number | null | undefined): string {
  if (minutos === null || minutos === undefined) return '—';
  const a = Math.abs(minutos);
  const h = Math.floor(a / 60);
  const m = a % 60;
  return `${minutos < 0 ? '-' : ''}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
}

/** 'yyyy-mm-dd' → 'dd/mm'. */
export const diaMes = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;

/** Seed 002 §2: the third pair is shown only when some day of the month has it. */
export const temTerceiroPar = (pontos: readonly controlePontoApi.DiaPonto[]) =>
  pontos.some((p) => p.entrada3 !== null || p.saida3 !== null);

/** 'yyyy-mm' one month before or after. */
export function mesVizinho(mes: string, passo: -1 | 1): string {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  const n = a * 12 + (m - 1) + passo;
  const ano = Math.floor(n / 12);
  const mm = (n % 12) + 1;
  return `${ano}-${mm < 10 ? '0' : ''}${mm}`;
}
