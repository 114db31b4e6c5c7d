// The text of an uploaded CSV (issue 49): which encoding it was written in, its decoded text, and whether that text
// looks like one encoding read as another, so the screen can offer the others instead of importing mojibake.
import type { ImportEncoding } from '@shared/schemas/import.ts';

export interface DecodedText {
  text: string;
  encoding: ImportEncoding;
}

const SAMPLE_BYTES = 4096;
/** Share of the even or the odd bytes that are 0x00 above which a file without a byte-order mark is UTF-16. */
const UTF16_ZERO_SHARE = 0.3;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function byteOrderMark(bytes: Uint8Array): ImportEncoding | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  return null;
}

/** ASCII text in UTF-16 has a 0x00 in every other byte: the odd ones in little-endian, the even ones in big-endian. */
function utf16WithoutMark(bytes: Uint8Array): ImportEncoding | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const pairs = Math.floor(sample.length / 2);
  if (pairs === 0) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index + 1 < sample.length; index += 2) {
    if (sample[index] === 0) evenZeros++;
    if (sample[index + 1] === 0) oddZeros++;
  }
  if (oddZeros / pairs > UTF16_ZERO_SHARE && oddZeros >= evenZeros) return 'utf-16le';
  if (evenZeros / pairs > UTF16_ZERO_SHARE) return 'utf-16be';
  return null;
}

/** Windows-1252's characters for the bytes 0x80–0x9F (WHATWG's index); every other byte is its Latin-1 character. */
const WINDOWS_1252_HIGH_CONTROLS =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/**
 * Node's TextDecoder('windows-1252') reads these bytes as Latin-1 since 20.18.3 and 22.13.0 (0x80 as U+0080, not
 * '€': nodejs/node#56542, #60888), so this reads them itself.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/gu, (control) => WINDOWS_1252_HIGH_CONTROLS[control.charCodeAt(0) - 0x80]!);
}

function decodeAs(bytes: Uint8Array, encoding: ImportEncoding, fatal = false): string {
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  // ignoreBOM keeps the mark in the text, where stripByteOrderMark removes it whichever encoding was chosen.
  return new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes);
}

const stripByteOrderMark = (text: string) => (text.startsWith('\uFEFF') ? text.slice(1) : text);

/**
 * The file's text in the encoding asked for; with 'auto', the one its byte-order mark names, else UTF-16 when every
 * other byte is zero, else UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel's «CSV» on Spanish Windows).
 */
export function decodeImportText(bytes: Uint8Array, encoding: ImportEncoding | 'auto' = 'auto'): DecodedText {
  if (encoding !== 'auto') return { text: stripByteOrderMark(decodeAs(bytes, encoding)), encoding };
  const detected = byteOrderMark(bytes) ?? utf16WithoutMark(bytes);
  if (detected) return { text: stripByteOrderMark(decodeAs(bytes, detected)), encoding: detected };
  try {
    return { text: stripByteOrderMark(decodeAs(bytes, 'utf-8', true)), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * UTF-8 read as Windows-1252: 'ñ' (C3 B1) becomes 'Ã±', 'Ñ' (C3 91) 'Ã‘', 'º' (C2 BA) 'Âº', '’' (E2 80 99) 'â€™'.
 * The second character of a pair is a continuation byte, 0x80–0xBF, as Windows-1252 shows it.
 */
const UTF8_READ_AS_1252 = /Ã[\u0080-\u00BF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]|Â[\u00A0-\u00BF]|â€|â‚¬/u;
const REPLACEMENT_CHARACTER = '\uFFFD';
/** What an export from a Spanish restaurant is mostly written in: Latin letters, punctuation, symbols, spaces. */
const LATIN_TEXT = /[\t\n\r\u0020-\u007E\u00A0-\u024F\u1E00-\u1EFF\u2000-\u20CF\u2100-\u214F]/gu;
const SAMPLE_CHARACTERS = 4096;

/**
 * A character no text file holds: a C0 control but tab, line feed, vertical tab (FileMaker's line break in a cell),
 * form feed and carriage return; DEL; a C1 control.
 */
function isControl(code: number): boolean {
  return (code < 0x20 && (code < 0x09 || code > 0x0d)) || (code >= 0x7f && code <= 0x9f);
}

/** More than a few characters no text file holds: a binary file, or UTF-16 read as a one-byte encoding. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  let controls = 0;
  for (let index = 0; index < sample.length; index++) if (isControl(sample.charCodeAt(index))) controls++;
  return controls > sample.length * 0.01;
}

/** The text looks like one encoding read as another: a byte that was not text in it, or UTF-8 read as Windows-1252. */
export function looksGarbled({ text, encoding }: DecodedText): boolean {
  if (text.includes(REPLACEMENT_CHARACTER) || UTF8_READ_AS_1252.test(text) || looksBinary(text)) return true;
  if (!encoding.startsWith('utf-16')) return false;
  // A one-byte file read as UTF-16 pairs its bytes into CJK and other far code points.
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  return (sample.match(LATIN_TEXT)?.length ?? 0) < sample.length * 0.5;
}
