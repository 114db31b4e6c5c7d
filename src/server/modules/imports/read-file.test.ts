import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS_MAX, IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX } from '@shared/schemas/import.ts';
import { importDate, importPartySize, importTime } from '@shared/rules/import-values.ts';
import { ImportFileError, readImportFile, type ImportFileProblem } from './read-file.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../../tests/fixtures/imports/${name}`, import.meta.url))));
const utf8 = (text: string) => new TextEncoder().encode(text);

async function problemOf(bytes: Uint8Array, encoding?: 'utf-8' | 'windows-1252'): Promise<ImportFileProblem> {
  const error: unknown = await readImportFile(bytes, { encoding }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as ImportFileError).problem;
}

/** UTF-16LE bytes as UTF-16BE: each pair swapped. */
function swapPairs(bytes: Uint8Array): Uint8Array {
  return Uint8Array.from(bytes, (_, index) => bytes[index % 2 === 0 ? index + 1 : index - 1]!);
}

/** Bytes that are no file at all, the same on every run. */
function noiseBytes(length: number): Uint8Array {
  let seed = 49;
  return Uint8Array.from({ length }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) >> 23);
}

describe('readImportFile: CSV files', () => {
  it("reads TheFork's guests in Windows-1252, a quoted note holding ';' and a line break", async () => {
    const table = await readImportFile(fixture('thefork-guests-1252.csv'));
    expect(table).toMatchObject({ format: 'csv', encoding: 'windows-1252', garbled: false });
    expect(table.headers).toEqual(['Nombre', 'Apellidos', 'Teléfono', 'Email', 'Clientes desde', 'Reservas', 'Notas', 'Alergias']);
    expect(table.rows).toHaveLength(3);
    expect(table.rows[0]).toEqual(['María José', 'Núñez Peña', '+34 612 345 678', 'mj.nunez@example.es', '03/02/2024', '12', 'Prefiere terraza; mesa 4\r\nCumpleaños en junio', 'Frutos secos']);
    expect(table.rows[1]).toEqual(['Íñigo', 'Ibáñez', '600 111 222', 'inigo@example.es', '15/09/2025', '1', 'Dice "¡qué rico!" del jamón', '']);
    expect(table.rows[2]![2]).toBe('');
    expect(table.rows[2]![6]).toBe('Café solo – deja 5 € de propina, ‘siempre’');
  });

  it("reads CoverManager's bookings in UTF-8 with a BOM, skipping empty lines, as the import's values read them", async () => {
    const table = await readImportFile(fixture('covermanager-bookings.csv'));
    expect(table).toMatchObject({ format: 'csv', encoding: 'utf-8', garbled: false });
    expect(table.headers).toEqual(['Fecha', 'Hora', 'Comensales', 'Nombre', 'Apellidos', 'Teléfono', 'Email', 'Notas', 'Alergias']);
    expect(table.rows.map((row) => row[3])).toEqual(['Lucía', 'Ángel', 'Ñoño']);
    const [first] = table.rows;
    expect(first!.slice(0, 3)).toEqual(['25/12/2026', '21:30h', '8 pax']);
    expect([importDate(first![0]!), importTime(first![1]!), importPartySize(first![2]!)]).toEqual(['2026-12-25', '21:30', 8]);
    expect(first![7]).toBe('Cena de empresa, trona; 2 niños');
    expect(table.rows[2]![7]).toBe('Reyes: roscón 🎂 €20 º ª ¿? ¡!');
  });

  it("reads Excel's «Texto Unicode» (UTF-16LE, tabs), with its BOM or without", async () => {
    const bytes = fixture('excel-unicode-text-utf16le.txt');
    for (const file of [bytes, bytes.subarray(2)]) {
      const table = await readImportFile(file);
      expect(table).toMatchObject({ format: 'csv', encoding: 'utf-16le', garbled: false });
      expect(table.headers).toEqual(['Nombre', 'Teléfono', 'Comensales', 'Fecha', 'Notas']);
      expect(table.rows[1]).toEqual(['Zoë', '+44 7700 900123', '2', '26/12/2026', 'Alérgica al apio\t(grave)']);
    }
  });

  it('reads UTF-16BE, with its BOM or without', async () => {
    const bytes = swapPairs(fixture('excel-unicode-text-utf16le.txt'));
    expect(Array.from(bytes.subarray(0, 2))).toEqual([0xfe, 0xff]);
    for (const file of [bytes, bytes.subarray(2)]) {
      const table = await readImportFile(file);
      expect(table).toMatchObject({ encoding: 'utf-16be', garbled: false });
      expect(table.rows[0]![0]).toBe('José');
    }
  });

  it('reads an English export in UTF-8 split on commas, formulas and signs as text, short rows padded', async () => {
    const table = await readImportFile(fixture('english-guests.csv'));
    expect(table).toMatchObject({ format: 'csv', encoding: 'utf-8', garbled: false });
    expect(table.headers).toHaveLength(9);
    expect(table.rows[0]!.slice(2)).toEqual(['+34 600 123 456', 'john@example.com', '4', '2026-12-24', '20:00', 'Window seat, if possible', '=HYPERLINK("http://example.com")']);
    expect(table.rows[1]!.slice(1, 3)).toEqual(["O'Brien", '@jane']);
    expect(table.rows[1]![7]).toBe('She said "no onions"; thanks');
    expect(table.rows[2]).toEqual(['Bob', 'Jones', '', 'bob@example.com', '3', '', '', '', '']);
  });

  it('uses an encoding asked for, and says the text is garbled when it was the wrong one', async () => {
    const windows1252 = await readImportFile(fixture('thefork-guests-1252.csv'), { encoding: 'utf-8' });
    expect(windows1252).toMatchObject({ encoding: 'utf-8', garbled: true });
    expect(windows1252.headers[2]).toBe('Tel\uFFFDfono');
    const utf8File = await readImportFile(fixture('covermanager-bookings.csv'), { encoding: 'windows-1252' });
    expect(utf8File).toMatchObject({ encoding: 'windows-1252', garbled: true });
    expect(utf8File.rows[0]![3]).toBe('LucÃ­a');
    const utf16File = await readImportFile(fixture('excel-unicode-text-utf16le.txt'), { encoding: 'windows-1252' });
    expect(utf16File).toMatchObject({ encoding: 'windows-1252', garbled: true });
  });

  it('says the text is not garbled when the encoding asked for is the right one', async () => {
    const table = await readImportFile(fixture('thefork-guests-1252.csv'), { encoding: 'windows-1252' });
    expect(table).toMatchObject({ encoding: 'windows-1252', garbled: false });
    expect(table.rows[1]![0]).toBe('Íñigo');
    expect(await readImportFile(fixture('covermanager-bookings.csv'), { encoding: 'utf-8' })).toMatchObject({ garbled: false });
  });

  it("trims cells, names headerless columns 'Columna N', and widens the table for a cell beyond the headers", async () => {
    const table = await readImportFile(utf8('  Nombre ; ;Email;;\n Ana ;x; a@b.es ;;\nLuis;;;;;extra\n'));
    expect(table.headers).toEqual(['Nombre', 'Columna 2', 'Email', 'Columna 4', 'Columna 5', 'Columna 6']);
    expect(table.rows).toEqual([
      ['Ana', 'x', 'a@b.es', '', '', ''],
      ['Luis', '', '', '', '', 'extra'],
    ]);
  });

  it('takes the first row with any text as the headers', async () => {
    const table = await readImportFile(utf8('\n;;;\n  \nNombre;Email\nAna;a@b.es\n'));
    expect(table.headers).toEqual(['Nombre', 'Email']);
    expect(table.rows).toEqual([['Ana', 'a@b.es']]);
  });
});

describe('readImportFile: XLSX files', () => {
  async function bookingsWorkbook(): Promise<Uint8Array> {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Portada');
    const sheet = workbook.addWorksheet('Reservas');
    sheet.addRow(['Fecha', 'Hora', 'Comensales', 'Nombre', 'Llegada', 'Fórmula', 'Web', 'Notas', 'VIP', 'Error', '', 'Teléfono']);
    sheet.addRow([
      new Date(Date.UTC(2026, 11, 25)),
      new Date(Date.UTC(1899, 11, 30, 21, 30)),
      8,
      '  Lucía  ',
      new Date(Date.UTC(2026, 11, 25, 21, 45)),
      { formula: 'A1&B1', result: 'FechaHora' },
      { text: 'Reserva web', hyperlink: 'https://example.es' },
      { richText: [{ text: 'Sin ' }, { text: 'gluten', font: { bold: true } }] },
      true,
      { error: '#N/A' },
      'sin cabecera',
      34_600_123_456,
    ]);
    sheet.getCell('B2').numFmt = 'hh:mm';
    sheet.addRow([]);
    sheet.addRow(['=HYPERLINK("x")', null, 2.5, 'Ángel']);
    sheet.getCell('P4').value = 'lejos';
    sheet.mergeCells('D4:E4');
    return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  }

  it('reads the first worksheet with text, each cell as its text, dates and times as the import reads them', async () => {
    const table = await readImportFile(await bookingsWorkbook());
    expect(table).toMatchObject({ format: 'xlsx', encoding: null, garbled: false });
    expect(table.headers).toEqual(['Fecha', 'Hora', 'Comensales', 'Nombre', 'Llegada', 'Fórmula', 'Web', 'Notas', 'VIP', 'Error', 'Columna 11', 'Teléfono', 'Columna 13', 'Columna 14', 'Columna 15', 'Columna 16']);
    expect(table.rows).toHaveLength(2);
    expect(table.rows[0]).toEqual(['2026-12-25', '21:30', '8', 'Lucía', '2026-12-25 21:45', '=A1&B1', 'Reserva web', 'Sin gluten', 'true', '', 'sin cabecera', '34600123456', '', '', '', '']);
    expect(table.rows[1]).toEqual(['=HYPERLINK("x")', '', '2.5', 'Ángel', '', '', '', '', '', '', '', '', '', '', '', 'lejos']);
  });

  it('reads the dates of a workbook in the 1904 date system', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.properties.date1904 = true;
    const sheet = workbook.addWorksheet('Reservas');
    sheet.addRow(['Fecha', 'Hora']);
    sheet.addRow([new Date(Date.UTC(2026, 11, 25)), new Date(Date.UTC(1904, 0, 1, 13, 30))]);
    sheet.getCell('B2').numFmt = 'hh:mm';
    const table = await readImportFile(new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer));
    expect(table.rows).toEqual([['2026-12-25', '13:30']]);
  });

  /** A workbook of one worksheet, filled by `fill`, as the bytes of its .xlsx. */
  async function workbookOf(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
    const workbook = new ExcelJS.Workbook();
    fill(workbook.addWorksheet('Reservas'));
    return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  }

  it('refuses a workbook without data rows, one too wide and one too long', async () => {
    expect(await problemOf(await workbookOf((sheet) => sheet.addRow(['Fecha', 'Hora'])))).toBe('empty');
    const wide = await workbookOf((sheet) => {
      sheet.addRow(['Fecha', 'Hora']);
      sheet.getRow(2).getCell(IMPORT_COLUMNS_MAX + 1).value = 'x';
    });
    expect(await problemOf(wide)).toBe('too_many_columns');
    const long = await workbookOf((sheet) => {
      sheet.addRow(['n']);
      for (let row = 0; row <= IMPORT_ROWS_MAX; row++) sheet.addRow([row]);
    });
    expect(await problemOf(long)).toBe('too_many_rows');
  });
});

describe('readImportFile: files refused', () => {
  it('refuses a file over 20 MB before reading it', async () => {
    const tooLarge = new Uint8Array(IMPORT_FILE_MAX_BYTES + 1);
    tooLarge.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await problemOf(tooLarge)).toBe('too_large');
    const justFits = new Uint8Array(IMPORT_FILE_MAX_BYTES).fill(0x20);
    justFits.set(utf8('Nombre;Email\nAna;a@b.es\n'));
    expect((await readImportFile(justFits)).rows).toEqual([['Ana', 'a@b.es']]);
  });

  it('refuses more than 100,000 data rows, and takes exactly that many', async () => {
    expect(await problemOf(utf8('n\n' + '1\n'.repeat(IMPORT_ROWS_MAX + 1)))).toBe('too_many_rows');
    expect((await readImportFile(utf8('n\n' + '1\n'.repeat(IMPORT_ROWS_MAX)))).rows).toHaveLength(IMPORT_ROWS_MAX);
  });

  it('refuses more than 200 columns, in the headers or in a row, but not empty cells beyond them', async () => {
    const headers = (count: number) => Array.from({ length: count }, (_, index) => `c${index}`).join(';');
    expect(await problemOf(utf8(`${headers(IMPORT_COLUMNS_MAX + 1)}\n1\n`))).toBe('too_many_columns');
    expect(await problemOf(utf8(`${headers(3)}\n1${';'.repeat(IMPORT_COLUMNS_MAX)}x\n`))).toBe('too_many_columns');
    const wide = await readImportFile(utf8(`${headers(IMPORT_COLUMNS_MAX)}${';'.repeat(500)}\n1${';'.repeat(1000)}\n`));
    expect(wide.headers).toHaveLength(IMPORT_COLUMNS_MAX);
    expect(wide.rows[0]).toHaveLength(IMPORT_COLUMNS_MAX);
  });

  it('refuses a file without data rows: nothing, blank lines, headers only', async () => {
    expect(await problemOf(new Uint8Array())).toBe('empty');
    expect(await problemOf(Uint8Array.from([0xef, 0xbb, 0xbf]))).toBe('empty');
    expect(await problemOf(utf8('\n\n;;;\n \t \n'))).toBe('empty');
    expect(await problemOf(utf8('Fecha;Hora;Comensales\n;;\n'))).toBe('empty');
  });

  it('refuses what is not a CSV or an XLSX file as unreadable', async () => {
    expect(await problemOf(noiseBytes(10_000))).toBe('unreadable');
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...utf8('Nombre;Email\nAna;a@b.es\n')]);
    expect(await problemOf(xls)).toBe('unreadable');
    expect(await problemOf(xls, 'windows-1252')).toBe('unreadable');
    expect(await problemOf(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...noiseBytes(1000)]))).toBe('unreadable');
    expect(await problemOf(utf8('Nombre;Notas\nAna;"Terraza\nLuis;x\n'))).toBe('unreadable');
  });

  it('reads noise as garbled text when an encoding is asked for, never importable', async () => {
    expect(await readImportFile(noiseBytes(10_000), { encoding: 'windows-1252' })).toMatchObject({ garbled: true });
  });
});
