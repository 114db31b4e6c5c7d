// The .eml copies the mail sink leaves in DATA_DIR/outbox when no SMTP server is set (mailer.ts): they hold what the
// guest received, so a guest's erasure and the nightly retention run reach them as they reach the database.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The directory's .eml files; none when it does not exist (mail never went to files). */
async function emlFiles(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => name.endsWith('.eml')).map((name) => join(directory, name));
}

/** A message as text to search, quoted-printable's soft line breaks joined (an address may straddle one). */
const searchable = (raw: string) => raw.replace(/=\r?\n/g, '').toLowerCase();

/** Removes the copies of messages to, or naming, any of `addresses`; returns how many went. */
export async function removeEmlFilesNaming(directory: string, addresses: readonly string[]): Promise<number> {
  const wanted = addresses.map((address) => address.toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return 0;
  let removed = 0;
  for (const file of await emlFiles(directory)) {
    const text = searchable(await readFile(file, 'utf8'));
    if (!wanted.some((address) => text.includes(address))) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** Removes the copies written before `cutoff`; returns how many went. */
export async function removeEmlFilesBefore(directory: string, cutoff: Date): Promise<number> {
  let removed = 0;
  for (const file of await emlFiles(directory)) {
    if ((await stat(file)).mtime.getTime() >= cutoff.getTime()) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** Where the sink writes: DATA_DIR/outbox. */
export const emlDirectory = (dataDir: string) => join(dataDir, 'outbox');
