/**
 * The one CSV writer of every export (decision 0065): the employees' file, the
 * provider's usage report and every report to come. A spreadsheet opens a CSV
 * by evaluating it, so a cell that starts like a formula is a formula: an
 * employee named `=HYPERLINK("http://…","Clique")` would become a live link
 * (or worse, `=cmd|…` DDE) in the HR analyst's Excel. Text the product did not
 * compute — names, codes, e-mails, everything typed by a user — goes through
 * `csvCell`, which neutralises it (OWASP "CSV injection") before quoting it.
 */

/** A cell as a caller hands it: text, a number the product computed, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * The characters that make a spreadsheet read a cell as a formula (OWASP):
 * `=`, `+`, `-`, `@`, and tab / carriage return, which some programs skip
 * before looking at the next character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Needs quoting in a ';'-separated file (RFC 4180 with our separator). */
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One cell: a text starting with a formula character gets a leading `'`
 * (spreadsheets show it as text and hide the quote), then it is quoted when it
 * holds the separator, a quote or a line break.
 *
 * A `number` is written as it is: `String(n)` of a finite number is digits
 * with at most a leading `-`, a `.` and an exponent, which every spreadsheet
 * reads as that number and never as a formula — so a negative balance the
 * product computed stays a number. That exemption holds only for values typed
 * as numbers: the text '-1' typed by a user is neutralised like any text.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    // NaN/Infinity are no numbers a spreadsheet reads; they are a bug upstream, written as empty.
    return Number.isFinite(value) ? String(value) : '';
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line: the cells joined by ';' and ended by CRLF (what Excel and the import expect). */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(';') + '\r\n';
}
