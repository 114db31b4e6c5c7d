// The records of an uploaded CSV's text (issue 49), one at a time, so a file far over the row limit is never held
// whole as rows.
import Papa from 'papaparse';

/** Spanish Excel writes ';', others ',', Excel's «Texto Unicode» a tab; '|' for the odd system's export. */
const DELIMITERS = [';', ',', '\t', '|'];

/** Papaparse guesses from the first records; this is plenty for them and spares it splitting a whole large file. */
const GUESS_SAMPLE_CHARACTERS = 64 * 1024;

/** Excel's own hint on a CSV's first line, 'sep=;', names the delimiter; it is no row of the table. */
const SEPARATOR_LINE = /^"?sep=([^\r\n])"?\r?\n/i;

/** The delimiter that splits the first records most evenly, quotes respected; ',' when none splits them. */
function guessDelimiter(text: string): string {
  const sample = text.slice(0, GUESS_SAMPLE_CHARACTERS);
  return Papa.parse<string[]>(sample, { delimiter: '', delimitersToGuess: DELIMITERS, skipEmptyLines: 'greedy', preview: 10 }).meta.delimiter;
}

/**
 * Hands each record's cells, as written, to `onRow`, in order. `onRow` may throw to stop the reading: its error is
 * thrown from here. A quote never closed (the rest of the file swallowed into one cell) is an error too.
 */
export function readCsvRows(text: string, onRow: (cells: string[]) => void): void {
  const separatorLine = SEPARATOR_LINE.exec(text);
  const records = separatorLine ? text.slice(separatorLine[0].length) : text;
  let stop: { error: unknown } | null = null;
  Papa.parse<string[]>(records, {
    delimiter: separatorLine ? separatorLine[1]! : guessDelimiter(records),
    skipEmptyLines: 'greedy',
    // Fast mode, taken for text without quotes, splits all the lines before the first step, past any limit.
    fastMode: false,
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
