/**
 * A clock's serial as compared with a file's REP identifier or a collector's
 * list: letters and digits only, upper case, without leading zeros — the form
 * may be typed '4000700000010' for the header's '00004000700000010'.
 */
export function chaveDoRelogio(serie: string): string {
  return serie
    .replace(/[^0-9A-Za-z]/g, '')
    .replace(/^0+/, '')
    .toUpperCase();
}
