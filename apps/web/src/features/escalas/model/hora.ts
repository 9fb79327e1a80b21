import { applyPattern } from '../../../components/ui/masks';

/**
 * Time fields of the schedule form (seed 001 §5, §9): at most 5 characters,
 * HH:MM, cleared when the user leaves the field with anything else. The
 * same rule serves times of day (entries, exits, night window, closing time)
 * and durations (DSR hours, interjornada, hour-bank limits): all fit in a day.
 */
export const HORA_MAX_LENGTH = 5;

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isHora = (v: string): boolean => HORA.test(v);

/** What the field shows while typing: the digits laid into 99:99. */
export const maskHora = (typed: string): string => applyPattern('99:99', typed);

/** What the field keeps when the user leaves it: the time, or '' when it is not a valid HH:MM. */
export const horaOnBlur = (value: string): string => (isHora(value) ? value : '');
