// Issue 50, item 10: what Fastify's router refuses before any handler, and zod's own format messages, answer in the
// project's error shape and in Spanish (the guest's language on /api/public), never Fastify's or zod's own wording.
import { describe, expect, it } from 'vitest';
import { useApiSuite } from '../support/api-suite.ts';

const suite = useApiSuite();

const ask = async (url: string, options: { language?: string; method?: 'GET' | 'PATCH' | 'POST'; payload?: unknown } = {}) => {
  const response = await suite.app().request({
    method: options.method ?? 'GET',
    url,
    cookie: suite.owner(),
    ...(options.language ? { headers: { 'accept-language': options.language } } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  return { status: response.statusCode, error: response.json().error };
};

describe("Fastify's own refusals", () => {
  it('answers a broken %-escape in the path with a 400 and a Spanish message', async () => {
    const answer = await ask('/api/public/card-guarantees/%');
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({ code: 'invalid_url', message: 'La dirección de la solicitud no es válida.', requestId: expect.any(String) });
  });

  it('answers a path parameter too long with a 414 and a Spanish message, in English for an English guest', async () => {
    const staff = await ask(`/api/admin/reservations/${'a'.repeat(200)}`);
    expect(staff.status).toBe(414);
    expect(staff.error).toMatchObject({ code: 'url_too_long', message: 'La dirección de la solicitud es demasiado larga.' });
    const guest = await ask(`/api/public/card-guarantees/${'a'.repeat(200)}`, { language: 'en' });
    expect(guest).toMatchObject({ status: 414, error: { message: 'The request’s address is too long.' } });
  });

  it('answers a malformed JSON body with a 400 and a Spanish message', async () => {
    const response = await suite.app().request({
      method: 'POST',
      url: '/api/admin/reservations/undo',
      cookie: suite.owner(),
      headers: { 'content-type': 'application/json' },
      payload: '{"group":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_json', message: 'El cuerpo de la solicitud no es JSON válido.' });
  });
});

describe("zod's format messages", () => {
  it("say a malformed id as 'Identificador no válido.', not zod's 'Inválido UUID'", async () => {
    const staff = await ask('/api/admin/reservations/undo', { method: 'POST', payload: { group: 'no-es-un-id' } });
    expect(staff).toMatchObject({ status: 400, error: { message: 'Identificador no válido.', fields: { group: 'Identificador no válido.' } } });
    const guest = await ask('/api/public/card-guarantees/no-es-un-id', { language: 'en' });
    expect(guest).toMatchObject({ status: 400, error: { message: 'Invalid identifier.' } });
    expect(JSON.stringify([staff, guest])).not.toMatch(/Inválido/);
  });
});
