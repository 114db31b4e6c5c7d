/**
 * A minimal PDF 1.4 writer for plain, word-wrapped documents: a title, headings, paragraphs and bullet items over
 * as many A4 pages as needed, in the standard Helvetica fonts with WinAnsiEncoding (so á é í ó ú ñ ü ¿ ¡ € render
 * without embedding a font). The output is deterministic: the same blocks give the same bytes.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export type Block =
  | { type: 'title'; text: string }
  | { type: 'subtitle'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'bullet'; text: string };

export interface PdfDocument {
  title: string;
  author: string;
  /** BCP 47, for screen readers: 'es-ES'. */
  lang: string;
  blocks: Block[];
  /** Footer with the page number; {page} and {pages} are replaced. */
  footer: string;
}

type FontKey = 'F1' | 'F2';

// Advance widths (1/1000 em) of the printable ASCII glyphs, 32 to 126, from the Adobe AFM files of the 14 standard fonts.
const ASCII_WIDTHS: Record<FontKey, number[]> = {
  F1: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
  ],
  F2: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
    556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
    280, 389, 584,
  ],
};

// Glyphs outside ASCII that Spanish legal text uses, with their WinAnsi code and widths [Helvetica, Helvetica-Bold].
// Accented letters are not listed: they take their WinAnsi code from Latin-1 and the width of their base letter.
const SPECIALS: Record<string, { code: number; widths: [number, number] }> = {
  '€': { code: 0x80, widths: [556, 556] },
  '…': { code: 0x85, widths: [1000, 1000] },
  '‘': { code: 0x91, widths: [222, 278] },
  '’': { code: 0x92, widths: [222, 278] },
  '“': { code: 0x93, widths: [333, 500] },
  '”': { code: 0x94, widths: [333, 500] },
  '•': { code: 0x95, widths: [350, 350] },
  '–': { code: 0x96, widths: [556, 556] },
  '—': { code: 0x97, widths: [1000, 1000] },
  '\u00a0': { code: 0xa0, widths: [278, 278] },
  '¡': { code: 0xa1, widths: [333, 333] },
  '©': { code: 0xa9, widths: [737, 737] },
  'ª': { code: 0xaa, widths: [370, 370] },
  '«': { code: 0xab, widths: [556, 556] },
  '®': { code: 0xae, widths: [737, 737] },
  '·': { code: 0xb7, widths: [278, 278] },
  'º': { code: 0xba, widths: [365, 365] },
  '»': { code: 0xbb, widths: [556, 556] },
  '¿': { code: 0xbf, widths: [611, 611] },
};

/** The WinAnsi byte of a character, or '?' for one the encoding lacks. */
function winAnsiCode(char: string): number {
  const special = SPECIALS[char];
  if (special) return special.code;
  const code = char.codePointAt(0) ?? 0x3f;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xc0 && code <= 0xff) ? code : 0x3f;
}

function glyphWidth(char: string, font: FontKey): number {
  const special = SPECIALS[char];
  if (special) return special.widths[font === 'F1' ? 0 : 1];
  const base = char.normalize('NFD')[0] ?? '?';
  const code = base.codePointAt(0) ?? 0x3f;
  const widths = ASCII_WIDTHS[font];
  return widths[code - 32] ?? widths[0x3f - 32]!;
}

function textWidth(text: string, font: FontKey, size: number): number {
  let units = 0;
  for (const char of text) units += glyphWidth(char, font);
  return (units * size) / 1000;
}

/** A PDF literal string of WinAnsi bytes; bytes above 126 as octal escapes so the file stays 7-bit in content. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = winAnsiCode(char);
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

/** A text string for the document information (any Unicode): UTF-16BE with its byte-order mark, in hex. */
function pdfTextString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** Greedy word wrap; a word longer than the line (a long address) is cut where it has to be. */
function wrap(text: string, font: FontKey, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, font, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (textWidth(rest, font, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), font, size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

// A4 in points, with 2 cm side margins.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 56.69;
const MARGIN_TOP = 62;
const MARGIN_BOTTOM = 70;
const BULLET_INDENT = 14;

const STYLES: Record<Block['type'], { font: FontKey; size: number; leading: number; before: number; after: number; gray: number }> = {
  title: { font: 'F2', size: 18, leading: 23, before: 0, after: 4, gray: 0 },
  subtitle: { font: 'F1', size: 9.5, leading: 13, before: 0, after: 14, gray: 0.35 },
  heading: { font: 'F2', size: 12, leading: 16, before: 10, after: 4, gray: 0 },
  paragraph: { font: 'F1', size: 10.5, leading: 14.5, before: 0, after: 6, gray: 0 },
  bullet: { font: 'F1', size: 10.5, leading: 14.5, before: 0, after: 3, gray: 0 },
};

const indentOf = (block: Block) => (block.type === 'bullet' ? BULLET_INDENT : 0);

function wrapBlock(block: Block): string[] {
  const style = STYLES[block.type];
  return wrap(block.text, style.font, style.size, PAGE_WIDTH - 2 * MARGIN_X - indentOf(block));
}

const linesOf = (block: Block, max: number) => Math.min(max, wrapBlock(block).length);

/** Lays the blocks out into one content stream per page. */
function layOut(doc: PdfDocument): string[][] {
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = 0;
  const newPage = () => {
    ops = [];
    pages.push(ops);
    y = PAGE_HEIGHT - MARGIN_TOP;
  };
  newPage();

  doc.blocks.forEach((block, index) => {
    const style = STYLES[block.type];
    const lines = wrapBlock(block);
    // A heading keeps at least three lines of what follows on its page (then the rule below cannot move them on).
    const next = doc.blocks[index + 1];
    const keepWith = block.type === 'heading' && next ? style.after + linesOf(next, 3) * STYLES[next.type].leading : 0;
    const atTop = y === PAGE_HEIGHT - MARGIN_TOP;
    if (!atTop) y -= style.before;
    if (y - style.leading - keepWith < MARGIN_BOTTOM) newPage();

    // No line of a paragraph alone at the foot or at the head of a page.
    const fitting = Math.floor((y - MARGIN_BOTTOM) / style.leading);
    let breakBefore = -1;
    if (fitting < lines.length) {
      if (lines.length - fitting === 1 && fitting >= 3) breakBefore = fitting - 1;
      else if (fitting <= 1 || lines.length - fitting === 1) newPage();
    }

    lines.forEach((line, lineIndex) => {
      if (lineIndex === breakBefore || y - style.leading < MARGIN_BOTTOM) newPage();
      y -= style.leading;
      const baseline = y + (style.leading - style.size) / 2;
      const color = `${style.gray} g`;
      if (block.type === 'bullet' && lineIndex === 0) {
        ops.push(`BT ${color} /F1 ${style.size} Tf ${fmt(MARGIN_X + 2)} ${fmt(baseline)} Td ${pdfString('•')} Tj ET`);
      }
      ops.push(`BT ${color} /${style.font} ${style.size} Tf ${fmt(MARGIN_X + indentOf(block))} ${fmt(baseline)} Td ${pdfString(line)} Tj ET`);
    });
    y -= style.after;
  });

  pages.forEach((pageOps, index) => {
    const footer = doc.footer.replace('{page}', String(index + 1)).replace('{pages}', String(pages.length));
    const size = 8.5;
    const x = (PAGE_WIDTH - textWidth(footer, 'F1', size)) / 2;
    pageOps.push(`BT 0.4 g /F1 ${size} Tf ${fmt(x)} 36 Td ${pdfString(footer)} Tj ET`);
  });
  return pages;
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

/** The finished file. */
export function renderPdf(doc: PdfDocument): Buffer {
  const pages = layOut(doc);
  // Objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info, then a page and its content per page.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  const objects: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R /Lang ${pdfString(doc.lang)} /ViewerPreferences << /DisplayDocTitle true >> >>`,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfTextString(doc.title)} /Author ${pdfTextString(doc.author)} /Producer (Mesa legal-docs) >>`,
  ];
  pages.forEach((ops, i) => {
    const contentId = pageIds[i]! + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const stream = deflateSync(Buffer.from(ops.join('\n'), 'latin1'));
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });

  const chunks: Buffer[] = [];
  let offset = 0;
  const write = (chunk: string | Buffer) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    chunks.push(buffer);
    offset += buffer.length;
  };
  // The comment of four bytes above 127 tells transfer tools the file is binary.
  write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(offset);
    write(`${i + 1} 0 obj\n`);
    write(object);
    write('\nendobj\n');
  });
  const xrefOffset = offset;
  const id = createHash('md5').update(Buffer.concat(chunks)).digest('hex');
  write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const objectOffset of offsets) write(`${String(objectOffset).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R /ID [<${id}> <${id}>] >>\n`);
  write(`startxref\n${xrefOffset}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
