import { describe, expect, it } from 'vitest';
import { readCsvRows } from './read-csv.ts';

function records(text: string): string[][] {
  const rows: string[][] = [];
  readCsvRows(text, (cells) => rows.push(cells));
  return rows;
}

describe('readCsvRows', () => {
  it("splits a Spanish Excel export on ';' though its quoted notes hold commas", () => {
    const text = 'Nombre;Notas;Teléfono\nAna;"Terraza, si puede ser, y trona, gracias";600\nLuis;"Sin gluten, sin lactosa";601\n';
    expect(records(text)).toEqual([
      ['Nombre', 'Notas', 'Teléfono'],
      ['Ana', 'Terraza, si puede ser, y trona, gracias', '600'],
      ['Luis', 'Sin gluten, sin lactosa', '601'],
    ]);
  });

  it("splits on ';' when notes hold commas without quotes, and on ',' when quoted notes hold ';'", () => {
    const semicolons = 'Nombre;Notas;Teléfono\nAna;Terraza, trona;600\nLuis;Sin gluten, sin lactosa, sin huevo;601\n';
    expect(records(semicolons).map((row) => row.length)).toEqual([3, 3, 3]);
    const commas = 'Name,Notes,Phone\nAna,"Terrace; high chair",600\nLuis,"No gluten; no eggs; no milk",601\n';
    expect(records(commas)[2]).toEqual(['Luis', 'No gluten; no eggs; no milk', '601']);
  });

  it("splits on tabs and on '|'", () => {
    expect(records('Nombre\tNotas\nAna\tTerraza, trona; gracias\n')[1]).toEqual(['Ana', 'Terraza, trona; gracias']);
    expect(records('Nombre|Notas\nAna|Terraza, trona; gracias\n')[1]).toEqual(['Ana', 'Terraza, trona; gracias']);
  });

  it('keeps line breaks and doubled quotes inside quoted cells, whatever the line endings', () => {
    const text = 'Nombre;Notas\r\nAna;"Dice ""hola"";\r\nvuelve en mayo"\r\nLuis;x\r\n';
    expect(records(text)).toEqual([
      ['Nombre', 'Notas'],
      ['Ana', 'Dice "hola";\r\nvuelve en mayo'],
      ['Luis', 'x'],
    ]);
  });

  it("keeps Excel's line break in a cell (LF) apart from its line ends (CRLF)", () => {
    expect(records('Nombre;Notas\r\nAna;"una\ndos"\r\nLuis;x\r\n')).toEqual([['Nombre', 'Notas'], ['Ana', 'una\ndos'], ['Luis', 'x']]);
  });

  it("takes the delimiter from Excel's 'sep=' line, which is no record", () => {
    expect(records('sep=,\r\nNombre;Notas,Teléfono\r\nAna;Luis,600\r\n')).toEqual([['Nombre;Notas', 'Teléfono'], ['Ana;Luis', '600']]);
    expect(records('SEP=;\nNombre;Notas\nAna;x\n')).toEqual([['Nombre', 'Notas'], ['Ana', 'x']]);
  });

  it('reads a file of one column', () => {
    expect(records('Email\nana@example.es\nluis@example.es\n')).toEqual([['Email'], ['ana@example.es'], ['luis@example.es']]);
  });

  it('leaves formulas and signs at the start of a cell as text', () => {
    expect(records('A;B;C\n=HYPERLINK("x");+34 600 000 000;@foo\n')[1]).toEqual(['=HYPERLINK("x")', '+34 600 000 000', '@foo']);
  });

  it('skips empty lines', () => {
    expect(records('A;B\n\n1;2\n   \n3;4\n')).toEqual([['A', 'B'], ['1', '2'], ['3', '4']]);
  });

  it('throws for a quote never closed, which would swallow the rest of the file', () => {
    expect(() => records('Nombre;Notas\nAna;"Terraza\nLuis;x\n')).toThrow('never closed');
  });

  it('stops reading at the first error thrown by onRow and throws it', () => {
    const text = 'n\n' + '1\n'.repeat(1000);
    let calls = 0;
    const stop = new Error('enough');
    expect(() =>
      readCsvRows(text, () => {
        calls++;
        if (calls === 3) throw stop;
      }),
    ).toThrow(stop);
    expect(calls).toBe(3);
  });
});
