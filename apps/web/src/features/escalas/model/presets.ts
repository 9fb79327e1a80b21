import { DIAS_SEMANA, diaVazio, type DiaLinha, type DiaSemana, type Pares } from './dias';

/**
 * The six pre-set tables of seed 001 §9. Choosing one replaces the day rows.
 * The seed names them by weekly hours and span; the pairs fill those hours
 * with a one-hour meal break (decision 0030): 40 h Mon–Sat is 08:00–16:00
 * Monday to Friday and 08:00–13:00 on Saturday, 44 h Mon–Sat is the classic
 * 08:00–17:00 Monday to Friday and 08:00–12:00 on Saturday.
 */
export interface Preset {
  id: string;
  label: string;
  pares: Pares;
  /** Times by weekday (entrada1, saida1, entrada2, saida2[, entrada3, saida3]); days absent are off. */
  horarios: Partial<Record<DiaSemana, readonly string[]>>;
}

const SEG_SEX: readonly DiaSemana[] = [2, 3, 4, 5, 6];
const porDia = (dias: readonly DiaSemana[], horarios: readonly string[]) =>
  Object.fromEntries(dias.map((d) => [d, horarios])) as Partial<Record<DiaSemana, readonly string[]>>;

export const PRESETS: readonly Preset[] = [
  { id: 'personalizado-1', label: 'Personalizado com um intervalo', pares: 2, horarios: {} },
  { id: 'personalizado-2', label: 'Personalizado com dois intervalos', pares: 3, horarios: {} },
  {
    id: '40h-09-18-seg-sex',
    label: '40h 09:00-18:00 Seg-Sex',
    pares: 2,
    horarios: porDia(SEG_SEX, ['09:00', '12:00', '13:00', '18:00']),
  },
  {
    id: '40h-08-17-seg-sex',
    label: '40h 08:00-17:00 Seg-Sex',
    pares: 2,
    horarios: porDia(SEG_SEX, ['08:00', '12:00', '13:00', '17:00']),
  },
  {
    id: '40h-08-16-seg-sab',
    label: '40h 08:00-16:00 Seg-Sáb',
    pares: 2,
    horarios: { ...porDia(SEG_SEX, ['08:00', '12:00', '13:00', '16:00']), 7: ['08:00', '13:00'] },
  },
  {
    id: '44h-08-17-seg-sab',
    label: '44h 08:00-17:00 Seg-Sáb',
    pares: 2,
    horarios: { ...porDia(SEG_SEX, ['08:00', '12:00', '13:00', '17:00']), 7: ['08:00', '12:00'] },
  },
];

/** The day rows of a preset, in screen order. */
export function linhasDoPreset(preset: Preset): DiaLinha[] {
  return DIAS_SEMANA.map(({ dia }) => {
    const [entrada1 = '', saida1 = '', entrada2 = '', saida2 = '', entrada3 = '', saida3 = ''] =
      preset.horarios[dia] ?? [];
    return { ...diaVazio(dia), entrada1, saida1, entrada2, saida2, entrada3, saida3 };
  });
}
