import { describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text.ts';
import { eq } from 'drizzle-orm';
import { settingsMessages } from '@shared/staff-messages/settings.ts';
import type { SetupStatus } from '@shared/schemas/setup-checklist.ts';
import { restaurantConfig } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { insertTable, uniqueEmail } from '../support/factories.ts';

// Issue 20, item 4: the set-up checklist follows the data (each step is done when what it asks for is saved), can
// be set aside step by step or as a whole, and the legal documents are made by the server from the legal details.
const ownerEmail = uniqueEmail('duena');
const { app, db, owner } = useApiSuite({ ownerEmail });
const api = (method: 'GET' | 'PATCH', url: string, payload?: object, cookie = owner()) =>
  app().request({ method, url: `/api/admin${url}`, cookie, ...(payload ? { payload } : {}) });
const status = async (cookie = owner()) => (await api('GET', '/setup', undefined, cookie)).json() as SetupStatus;
const step = async (id: string) => (await status()).steps.find((candidate) => candidate.id === id)!;


describe('the set-up checklist', () => {
  it('starts with every step to do, mail not configured, and the account email to pre-fill the alerts', async () => {
    const first = await status();
    expect(first.steps.map((s) => s.id)).toEqual(['identity', 'adminEmail', 'phones', 'address', 'hours', 'tables', 'legal', 'push', 'email']);
    expect(first.steps.filter((s) => s.done).map((s) => s.id)).toEqual([]);
    expect(first).toMatchObject({ hidden: false, accountEmail: ownerEmail, mail: { configured: false, outboxDirectory: `${app().dataDir}/outbox` } });
  });

  it('marks each step done when its data is saved, wherever it is saved', async () => {
    const patch = (payload: object) => app().request({ method: 'PATCH', url: '/api/admin/settings', cookie: owner(), payload });
    expect((await patch({ adminEmail: ownerEmail, contactPhone1: '+34 600 000 001', address: 'Calle Mayor 1, Madrid' })).statusCode).toBe(200);
    await insertTable(db(), { tableNumber: 1 });
    const done = (await status()).steps.filter((s) => s.done).map((s) => s.id);
    expect(done).toEqual(['adminEmail', 'phones', 'address', 'tables']);

    expect((await patch({ legalName: 'Casa Prueba SL', legalNif: 'b-12.345.674', legalAddress: 'Calle Mayor 1, 28013 Madrid' })).statusCode).toBe(200);
    expect((await step('legal')).done).toBe(false);
    expect((await patch({ legalEmail: 'legal@casaprueba.es' })).statusCode).toBe(200);
    expect((await step('legal')).done).toBe(true);
    const [config] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
    expect(config!.legalNif).toBe('B12345674');
  });

  it('refuses a NIF whose control character is wrong, in Spanish, and keeps the saved one', async () => {
    const response = await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie: owner(), payload: { legalNif: 'B12345675' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.legalNif).toBe(settingsMessages.validation.nifInvalid);
    const [config] = await db().select().from(restaurantConfig);
    expect(config!.legalNif).toBe('B12345674');
  });

  it('sets a step aside and takes it back; hides and shows the whole card', async () => {
    expect((await api('PATCH', '/setup', { step: 'hours', skipped: true })).json().steps).toContainEqual({ id: 'hours', done: false, skipped: true });
    expect((await api('PATCH', '/setup', { step: 'hours', skipped: true })).statusCode).toBe(200);
    expect((await status()).steps.filter((s) => s.skipped).map((s) => s.id)).toEqual(['hours']);
    expect((await api('PATCH', '/setup', { step: 'hours', skipped: false })).json().steps).toContainEqual({ id: 'hours', done: false, skipped: false });
    expect((await api('PATCH', '/setup', { hidden: true })).json().hidden).toBe(true);
    expect((await api('PATCH', '/setup', { hidden: false })).json().hidden).toBe(false);
  });

  it('refuses an unknown step or a mixed body with 400 and changes nothing', async () => {
    for (const payload of [{ step: 'nope', skipped: true }, { hidden: 'yes' }, { step: 'hours', skipped: true, hidden: true }, {}]) {
      expect((await api('PATCH', '/setup', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await status()).steps.some((s) => s.skipped)).toBe(false);
  });

  it('floor staff read it (for the mail warning) but may not change it', async () => {
    const floor = await app().signIn({ roles: ['floor'] });
    expect((await api('GET', '/setup', undefined, floor)).statusCode).toBe(200);
    expect((await api('PATCH', '/setup', { hidden: true }, floor)).statusCode).toBe(403);
  });
});

describe('the legal documents', () => {
  it('are generated from the legal details, at the spec\'s links, and change when the details do', async () => {
    for (const file of ['aviso-legal.pdf', 'politica-privacidad.pdf', 'politica-cookies.pdf']) {
      const response = await app().request({ method: 'GET', url: `/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const notice = await app().request({ method: 'GET', url: '/aviso-legal.pdf' });
    const text = pdfText(notice.rawPayload);
    expect(text).toContain('Casa Prueba SL');
    expect(text).toContain('B12345674');
    expect(text).toContain('legal@casaprueba.es');
    expect(text).not.toContain('Mi Restaurante');

    const unchanged = await app().request({ method: 'GET', url: '/aviso-legal.pdf', headers: { 'if-none-match': String(notice.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
    await app().request({ method: 'PATCH', url: '/api/admin/settings', cookie: owner(), payload: { legalName: 'Otra Casa SL' } });
    const changed = await app().request({ method: 'GET', url: '/aviso-legal.pdf', headers: { 'if-none-match': String(notice.headers.etag) } });
    expect(changed.statusCode).toBe(200);
    expect(pdfText(changed.rawPayload)).toContain('Otra Casa SL');
  });
});
