// The records of an uploaded CSV's text (issue 49), one at a time, so a file far over the row limit is never held
// whole as rows.
import Papa from 'papaparse';

/** Spanish Excel writes ';', others ',', Excel's «Texto Unicode» a tab; '|' for the odd system's export. */
const DELIMITERS = [';', ',', '\t', '|'];

/**
 * Hands each record's cells, as written, to `onRow`, in order. Papaparse picks the delimiter that splits the first
 * records most evenly, quotes respected. `onRow` may throw to stop the reading: its error is thrown from here.
 * A quote never closed (the rest of the file swallowed into one cell) is an error too.
 */
export function readCsvRows(text: string, onRow: (cells: string[]) => void): void {
  let stop: { error: unknown } | null = null;
  Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: 'greedy',
    step: (record, parser) => {
      try {
        if (record.errors.some((error) => error.code === 'MissingQuotes')) throw new Error('A quoted field is never closed.');
        onRow(record.data);
      } catch (error) {
        stop = { error };
        parser.abort();
      }
    },
  });
  // TypeScript cannot see that the step above, run synchronously for a string, may have set it.
  const stopped = stop as { error: unknown } | null;
  if (stopped) throw stopped.error;
}
