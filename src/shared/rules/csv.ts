// CSV as Spanish Excel opens it: ';' between cells (',' is the decimal mark), CRLF after each record (RFC 4180),
// a byte-order mark so that accents read as UTF-8, and no cell a spreadsheet would run as a formula.
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/** A spreadsheet runs a cell that starts like a formula: a leading apostrophe makes it text. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

export const csvLine = (cells: readonly (string | number | null)[]) => cells.map(csvCell).join(SEPARATOR) + LINE_END;
