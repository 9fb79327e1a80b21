import { escalaApi } from '@jornada/contracts';
import { applyPattern } from '../../../components/ui/masks';

/**
 * Time fields of the schedule form (seed 001 §5, §9): at most 5 characters,
 * HH:MM (the contract's rule), cleared when the user leaves the field with
 * anything else. Times of day and durations alike: all fit in a day.
 */
export const HORA_MAX_LENGTH = 5;

/** What the field shows while typing: the digits laid into 99:99. */
export const maskHora = (typed: string): string => applyPattern('99:99', typed);

/** What the field keeps when the user leaves it: the time, or '' when it is not a valid HH:MM. */
export const horaOnBlur = (value: string): string => (escalaApi.isHora(value) ? value : '');
