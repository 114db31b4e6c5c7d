// Errors by code (decision 035): a guest text thrown by its key is said at the edge in the guest's language with its
// values filled; staff's answers stay Spanish; nothing looks a translation up by the Spanish text any more.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guestTextsEs } from '@shared/i18n/guest-texts.ts';
import { guestText } from '@shared/i18n/text-keys.ts';
import { fieldText } from '@shared/schemas/guest-field-text.ts';
import { conflict, registerErrorHandling } from './errors.ts';
import { parseInput } from './validation.ts';

const app = Fastify();
registerErrorHandling(app);
const noTable = () => {
  throw conflict('no_table', guestText('reservation.errors.noTable', { people: 5 }));
};
const nameSchema = z.object({ customerName: z.string().min(2, fieldText('reservation.validation.nameMin')) });
app.get('/api/public/no-table', noTable);
app.get('/api/admin/no-table', noTable);
app.post('/api/public/name', (request) => parseInput(nameSchema, request.body));
afterAll(() => app.close());

const ask = async (url: string, language?: string, body?: unknown) => {
  const headers = language ? { 'accept-language': language } : {};
  const response = await app.inject({ method: body ? 'POST' : 'GET', url, headers, ...(body ? { payload: body } : {}) });
  return { status: response.statusCode, error: response.json().error };
};

describe('an error thrown by its key', () => {
  it("is answered in the guest's language, its values filled, with the same status and code", async () => {
    expect(await ask('/api/public/no-table', 'en')).toMatchObject({
      status: 409,
      error: { code: 'no_table', message: 'There’s no table available for 5 people at that time.' },
    });
    expect((await ask('/api/public/no-table', 'de')).error.message).toBe('Zu dieser Uhrzeit ist kein Tisch für 5 Personen frei.');
    expect((await ask('/api/public/no-table')).error.message).toBe('No hay mesa disponible para 5 personas a esa hora.');
  });

  it('names only texts the catalogue holds (a wrong key fails tsc)', () => {
    // @ts-expect-error: no such text
    expect(() => guestText('reservation.errors.noSuchText')).not.toThrow();
  });

  it('stays Spanish for staff, whatever the browser asks', async () => {
    expect((await ask('/api/admin/no-table', 'en')).error.message).toBe('No hay mesa disponible para 5 personas a esa hora.');
  });

  it("says a schema's field message by its key", async () => {
    const english = await ask('/api/public/name', 'en', { customerName: 'A' });
    expect(english).toMatchObject({
      status: 400,
      error: { code: 'validation_failed', message: 'Name must be at least 2 characters', fields: { customerName: 'Name must be at least 2 characters' } },
    });
    const spanish = await ask('/api/public/name', 'es', { customerName: 'A' });
    expect(spanish.error.fields).toEqual({ customerName: 'El nombre debe tener al menos 2 caracteres' });
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every guest text's dotted path, as the server spells its Spanish: messages.… or the private pages' objects. */
function guestTextSpellings(value: unknown, path: string[] = []): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [path.join('.')];
  return Object.entries(value).flatMap(([key, child]) => guestTextSpellings(child, [...path, key]));
}
const ROOTS: Record<string, string> = { selfService: 'selfServiceMessages', guestData: 'guestDataMessages' };
const spellings = guestTextSpellings(guestTextsEs).map((path) => {
  const [root, ...rest] = path.split('.');
  return ROOTS[root!] ? [ROOTS[root!], ...rest].join('.') : `messages.${path}`;
});
const ERROR_MADE = /new AppError\(|\b(?:conflict|notFound|badRequest|unprocessable)\(/;

describe('the Spanish-text lookup', () => {
  it('has nothing left to find: no server error is made from a guest text spelt in Spanish instead of its key', () => {
    const offenders = sourceFiles('src/server').flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => ERROR_MADE.test(line) && spellings.some((spelling) => new RegExp(`\\b${spelling.replaceAll('.', '\\.')}\\b`).test(line)))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it('is gone: no source imports spanish-source or calls translationOf or localiseSpanish', () => {
    const offenders = sourceFiles('src').filter((path) => /spanish-source|translationOf|localiseSpanish/.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
