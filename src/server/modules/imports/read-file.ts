// An uploaded import file (issue 49) read into a table of text cells: its headers and its rows, every cell a plain
// string as written (nothing evaluated, no value parsed: shared/rules/import-values.ts reads them later), or the
// reason it cannot be imported.
import { IMPORT_COLUMNS_MAX, IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX, type ImportEncoding } from '@shared/schemas/import.ts';
import { readCsvRows } from './read-csv.ts';
import { readXlsxRows } from './read-xlsx.ts';
import { decodeImportText, looksBinary, looksGarbled } from './text-encoding.ts';

export type ImportFileProblem = 'too_large' | 'too_many_rows' | 'too_many_columns' | 'empty' | 'unreadable';

export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportFileProblem,
    options?: ErrorOptions,
  ) {
    super(`Import file refused: ${problem}`, options);
    this.name = 'ImportFileError';
  }
}

export interface ImportTable {
  format: 'csv' | 'xlsx';
  /** Null for XLSX, which carries its own. */
  encoding: ImportEncoding | null;
  /** The text looks like one encoding read as another ('EspaÃ±a', '�'): shown, never imported. */
  garbled: boolean;
  /** The first row with any text, trimmed; a column without a header is 'Columna N' (N counted from 1). */
  headers: string[];
  /** The rows after it with any text, trimmed, each as long as `headers`. */
  rows: string[][];
}

export interface ReadImportFileOptions {
  encoding?: ImportEncoding | 'auto';
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** Excel 97–2003's .xls (an OLE2 compound file), which the import does not read. */
const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, index) => bytes[index] === byte);
const unnamedColumn = (index: number) => `Columna ${index + 1}`;

/** Index of the last cell with text, -1 for none. */
function lastFilledIndex(cells: readonly string[]): number {
  for (let index = cells.length - 1; index >= 0; index--) if (cells[index]!.trim() !== '') return index;
  return -1;
}

/** Builds the table a row at a time, refusing it as soon as it is too long or too wide. */
class TableBuilder {
  private headers: string[] | null = null;
  private readonly rows: string[][] = [];
  private width = 0;

  add(cells: readonly string[]): void {
    const filled = lastFilledIndex(cells);
    if (filled < 0) return;
    this.widen(filled + 1);
    const kept = cells.slice(0, filled + 1).map((cell) => cell.trim());
    if (this.headers === null) this.headers = kept.map((header, index) => header || unnamedColumn(index));
    else if (this.rows.length === IMPORT_ROWS_MAX) throw new ImportFileError('too_many_rows');
    else this.rows.push(kept);
  }

  table(): Pick<ImportTable, 'headers' | 'rows'> {
    const named = this.headers;
    if (named === null || this.rows.length === 0) throw new ImportFileError('empty');
    const width = this.width;
    const headers = Array.from({ length: width }, (_, index) => named[index] ?? unnamedColumn(index));
    const rows = this.rows.map((row) => (row.length === width ? row : [...row, ...Array<string>(width - row.length).fill('')]));
    return { headers, rows };
  }

  private widen(width: number): void {
    if (width > IMPORT_COLUMNS_MAX) throw new ImportFileError('too_many_columns');
    this.width = Math.max(this.width, width);
  }
}

async function readTable(bytes: Uint8Array, options: ReadImportFileOptions): Promise<ImportTable> {
  if (startsWith(bytes, OLE2_SIGNATURE)) throw new ImportFileError('unreadable');
  const builder = new TableBuilder();
  if (startsWith(bytes, ZIP_SIGNATURE)) {
    await readXlsxRows(bytes, (cells) => builder.add(cells));
    return { format: 'xlsx', encoding: null, garbled: false, ...builder.table() };
  }
  const requested = options.encoding ?? 'auto';
  const decoded = decodeImportText(bytes, requested);
  // Asked to guess, a text full of control characters is no text at all; asked for an encoding, it is that encoding
  // misread, which the screen shows as garbled.
  if (requested === 'auto' && looksBinary(decoded.text)) throw new ImportFileError('unreadable');
  readCsvRows(decoded.text, (cells) => builder.add(cells));
  return { format: 'csv', encoding: decoded.encoding, garbled: looksGarbled(decoded), ...builder.table() };
}

/**
 * Reads an uploaded CSV (its encoding as given, or guessed with 'auto') or XLSX (told by its ZIP signature) into a
 * table, or throws ImportFileError with the problem: too large, too many rows or columns, no data rows, unreadable.
 */
export async function readImportFile(bytes: Uint8Array, options: ReadImportFileOptions = {}): Promise<ImportTable> {
  if (bytes.byteLength > IMPORT_FILE_MAX_BYTES) throw new ImportFileError('too_large');
  try {
    return await readTable(bytes, options);
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('unreadable', { cause: error });
  }
}
