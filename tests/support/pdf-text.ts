import { inflateSync } from 'node:zlib';

/** The text a PDF shows: its compressed content streams, inflated, with the text operators' strings joined. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    for (const shown of content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) texts.push(shown[1]!.replace(/\\(.)/g, '$1'));
  }
  return texts.join(' ');
}
