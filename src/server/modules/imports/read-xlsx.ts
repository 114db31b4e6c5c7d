// The rows of an uploaded Excel workbook (issue 49): the first worksheet with any text, each cell as the text the
// import reads later. Formulas stay formulas ('=A1&B1'), never their results.
import ExcelJS, { type Cell, type CellHyperlinkValue, type CellRichTextValue, type Row, type Worksheet } from 'exceljs';

/** A worksheet's time-only cell is a time on its date system's day zero. */
const DAY_ZERO = { date1900: '1899-12-30', date1904: '1904-01-01' };

/** Text of a rich text, or of a hyperlink whose text is rich text or plain. */
function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'richText' in value) {
    return (value as CellRichTextValue).richText.map((run) => run.text).join('');
  }
  return '';
}

/**
 * Exceljs gives a date cell as the Date whose UTC fields are the wall clock Excel shows: 'HH:mm' for a time alone,
 * 'yyyy-MM-dd' for a date alone, both for a date with a time (seconds left out, as the import reads minutes).
 */
function dateText(date: Date, dayZero: string): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  const [day, time] = [iso.slice(0, 10), iso.slice(11, 16)];
  if (day === dayZero) return time;
  return time === '00:00' ? day : `${day} ${time}`;
}

function formulaText(cell: Cell): string {
  try {
    const formula = cell.formula;
    return formula.startsWith('=') ? formula : `=${formula}`;
  } catch {
    // Exceljs fails to translate a shared formula whose copy would point outside the sheet; its text is lost.
    return '';
  }
}

function cellText(cell: Cell, dayZero: string): string {
  const { value } = cell;
  switch (cell.type) {
    case ExcelJS.ValueType.Number:
      return String(value);
    case ExcelJS.ValueType.String:
    case ExcelJS.ValueType.SharedString:
    case ExcelJS.ValueType.RichText:
      return plainText(value);
    case ExcelJS.ValueType.Boolean:
      return value ? 'true' : 'false';
    case ExcelJS.ValueType.Date:
      return value instanceof Date ? dateText(value, dayZero) : '';
    case ExcelJS.ValueType.Hyperlink:
      return plainText((value as CellHyperlinkValue).text);
    case ExcelJS.ValueType.Formula:
      return formulaText(cell);
    default:
      // Empty, an error ('#N/A'), or a merged cell but its first (a CSV export leaves those empty too).
      return '';
  }
}

function rowCells(row: Row, dayZero: string): string[] {
  const cells: string[] = [];
  row.eachCell((cell, column) => {
    cells[column - 1] = cellText(cell, dayZero);
  });
  return Array.from(cells, (cell) => cell ?? '');
}

function* sheetRows(sheet: Worksheet, dayZero: string): Generator<string[]> {
  for (let rowNumber = 1; rowNumber <= sheet.rowCount; rowNumber++) {
    const row = sheet.findRow(rowNumber);
    if (row) yield rowCells(row, dayZero);
  }
}

function hasText(sheet: Worksheet, dayZero: string): boolean {
  for (const cells of sheetRows(sheet, dayZero)) if (cells.some((cell) => cell.trim() !== '')) return true;
  return false;
}

/**
 * Hands each row's cells of the workbook's first worksheet with any text to `onRow`, in order; `onRow` may throw to
 * stop the reading. Exceljs loads the whole workbook first: the upload's size limit bounds it.
 */
export async function readXlsxRows(bytes: Uint8Array, onRow: (cells: string[]) => void): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  // A copy: exceljs's typings take an ArrayBuffer, which a Uint8Array's may not be (a view of part, or shared).
  await workbook.xlsx.load(bytes.slice().buffer);
  const dayZero = workbook.properties.date1904 ? DAY_ZERO.date1904 : DAY_ZERO.date1900;
  const sheet = workbook.worksheets.find((candidate) => hasText(candidate, dayZero));
  if (!sheet) return;
  for (const cells of sheetRows(sheet, dayZero)) onRow(cells);
}
