/**
 * `npx tsx scripts/legal-docs.ts [--name N] [--email E] [--nif X] [--address A] [--out DIR]`: writes the three
 * legal documents the landing page links (privacy policy, legal notice, cookie policy) as PDFs into public/,
 * with the restaurant's name and contact email filled in. Rerun it whenever those change; the same input gives
 * the same files. --nif and --address complete the identification the LSSI-CE (art. 10) asks of the owner.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EMAIL_SHAPE } from '../src/shared/schemas/reservation.ts';
import { DOCUMENTS, type Owner } from './lib/legal-texts.ts';
import { renderPdf } from './lib/simple-pdf.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'Mi Restaurante' },
    email: { type: 'string', default: 'reservas@example.com' },
    nif: { type: 'string' },
    address: { type: 'string' },
    out: { type: 'string', default: fileURLToPath(new URL('../public', import.meta.url)) },
  },
});
const owner: Owner = {
  name: values.name.trim(),
  email: values.email.trim(),
  nif: values.nif?.trim() || undefined,
  address: values.address?.trim() || undefined,
};
if (!owner.name) fail('--name: el nombre no puede estar vacío.');
if (!EMAIL_SHAPE.test(owner.email)) fail(`--email: «${owner.email}» no es un email válido.`);

mkdirSync(values.out, { recursive: true });
for (const doc of DOCUMENTS) {
  const pdf = renderPdf({
    title: `${doc.title} · ${owner.name}`,
    author: owner.name,
    lang: 'es-ES',
    blocks: doc.blocks(owner),
    footer: `${doc.title} · ${owner.name} · Página {page} de {pages}`,
  });
  const path = join(values.out, doc.file);
  writeFileSync(path, pdf);
  console.log(`${path} (${pdf.length} bytes)`);
}
if (!owner.nif || !owner.address) {
  console.warn('Aviso: sin --nif y --address el aviso legal no incluye todos los datos que pide el art. 10 de la LSSI-CE.');
}
