import { describe, expect, it } from 'vitest';
import { decodeImportText, decodeWindows1252, looksBinary, looksGarbled } from './text-encoding.ts';

const SPANISH = 'España: ¿qué tal? ¡Olé! Año 2026, 20 € – nº 3, 1ª planta; Ñandú, Álvaro, Íñigo, Óscar, Úrsula, Éric, pingüino, ÜÑÓ';
const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252's own bytes for the characters outside Latin-1 these tests write. */
const WINDOWS_1252_EXTRA: Record<string, number> = { '€': 0x80, '’': 0x92, '–': 0x96 };
const windows1252 = (text: string) => Uint8Array.from(text, (character) => WINDOWS_1252_EXTRA[character] ?? character.charCodeAt(0));
const utf16le = (text: string) => Uint8Array.from([...text].flatMap((character) => [character.charCodeAt(0) & 0xff, character.charCodeAt(0) >> 8]));
const utf16be = (text: string) => Uint8Array.from([...text].flatMap((character) => [character.charCodeAt(0) >> 8, character.charCodeAt(0) & 0xff]));
const withBytes = (prefix: number[], bytes: Uint8Array) => Uint8Array.from([...prefix, ...bytes]);

describe('decodeImportText', () => {
  it('follows a byte-order mark, and leaves it out of the text', () => {
    expect(decodeImportText(withBytes([0xef, 0xbb, 0xbf], utf8(SPANISH)))).toEqual({ text: SPANISH, encoding: 'utf-8' });
    expect(decodeImportText(withBytes([0xff, 0xfe], utf16le(SPANISH)))).toEqual({ text: SPANISH, encoding: 'utf-16le' });
    expect(decodeImportText(withBytes([0xfe, 0xff], utf16be(SPANISH)))).toEqual({ text: SPANISH, encoding: 'utf-16be' });
  });

  it('tells UTF-16 without a mark by its zero bytes, and which end they are on', () => {
    expect(decodeImportText(utf16le(SPANISH))).toEqual({ text: SPANISH, encoding: 'utf-16le' });
    expect(decodeImportText(utf16be(SPANISH))).toEqual({ text: SPANISH, encoding: 'utf-16be' });
  });

  it('reads valid UTF-8 as UTF-8, and anything else as Windows-1252', () => {
    expect(decodeImportText(utf8(SPANISH))).toEqual({ text: SPANISH, encoding: 'utf-8' });
    expect(decodeImportText(windows1252(SPANISH))).toEqual({ text: SPANISH, encoding: 'windows-1252' });
    expect(decodeImportText(utf8('Nombre;Teléfono')).encoding).toBe('utf-8');
  });

  it('uses an encoding asked for even when the bytes say otherwise', () => {
    const misread = decodeImportText(utf8('Peña'), 'windows-1252');
    expect(misread).toEqual({ text: 'PeÃ±a', encoding: 'windows-1252' });
    expect(decodeImportText(windows1252('Peña'), 'utf-8')).toEqual({ text: 'Pe\uFFFDa', encoding: 'utf-8' });
    expect(decodeImportText(withBytes([0xef, 0xbb, 0xbf], utf8('Peña')), 'utf-8').text).toBe('Peña');
  });
});

describe('decodeWindows1252', () => {
  it("reads 0x80–0x9F as Windows-1252's own characters, not Latin-1's controls, and the rest as Latin-1", () => {
    const high = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, index) => 0x80 + index));
    expect(high).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ');
    expect(decodeWindows1252(Uint8Array.from([0x41, 0x20, 0xa0, 0xbf, 0xd1, 0xf1, 0xff]))).toBe('A \u00A0¿Ññÿ');
    expect(decodeWindows1252(Uint8Array.from([0x50, 0x92, 0x80]).subarray(1))).toBe('’€');
  });
});

describe('looksGarbled', () => {
  it('is false for Spanish text read right, in any encoding', () => {
    for (const encoding of ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const) {
      expect(looksGarbled({ text: SPANISH, encoding })).toBe(false);
    }
  });

  it('is true for each Spanish letter and sign of UTF-8 read as Windows-1252', () => {
    for (const character of 'ñÑáÁéÉíÍóÓúÚüÜ¿¡€ºª’') {
      const text = `Nombre;Nota\nAna;x${character}y`;
      const misread = decodeImportText(utf8(text), 'windows-1252');
      expect(misread.text, character).not.toBe(text);
      expect(looksGarbled(misread), character).toBe(true);
    }
  });

  it('is true for Windows-1252 read as UTF-8, which leaves replacement characters', () => {
    expect(looksGarbled(decodeImportText(windows1252(SPANISH), 'utf-8'))).toBe(true);
  });

  it('is true for a one-byte file read as UTF-16, and for UTF-16 read as one byte', () => {
    expect(looksGarbled(decodeImportText(utf8(SPANISH), 'utf-16le'))).toBe(true);
    expect(looksGarbled(decodeImportText(windows1252(SPANISH), 'utf-16be'))).toBe(true);
    expect(looksGarbled(decodeImportText(utf16le(SPANISH), 'windows-1252'))).toBe(true);
  });

  it('lets a UTF-16 file hold some names in other scripts', () => {
    expect(looksGarbled({ text: `${SPANISH}\n王芳;李娜;Ольга`, encoding: 'utf-16le' })).toBe(false);
  });
});

describe('looksBinary', () => {
  it('is true for control characters no text holds, false for tabs and line breaks', () => {
    expect(looksBinary('Nombre\tNotas\r\nAna\tx\n')).toBe(false);
    expect(looksBinary('Nombre\tNotas\nAna\tuna\u000Bdos\u000Btres\u000C\n')).toBe(false);
    expect(looksBinary(`PK\u0003\u0004\u0014\u0000\u0006\u0000${'x'.repeat(100)}`)).toBe(true);
    expect(looksBinary(`${'x'.repeat(1000)}\u0000`)).toBe(false);
  });
});
