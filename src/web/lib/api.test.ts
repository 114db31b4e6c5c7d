import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { ApiRequestError, apiFetch } from './api';

const NETWORK_ERROR_MESSAGE = messages.http.networkError;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and parses the answer with the schema', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { id: 'a', extra: true }));
    const result = await apiFetch('/api/x', { method: 'POST', body: { n: 1 }, schema: z.object({ id: z.string() }) });
    expect(result).toEqual({ id: 'a' });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/x');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"n":1}' });
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'es', 'Content-Type': 'application/json' });
  });

  it('sends no body nor Content-Type on a GET, and resolves undefined on 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/x')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', body: undefined, headers: { Accept: 'application/json' } });
  });

  it("throws the server's Spanish message, code and fields on an error answer", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'VALIDATION', message: 'Revisa los datos.', fields: { email: 'Ingresa un email válido' }, requestId: 'r1' } }),
    );
    const error = await rejection(apiFetch('/api/x', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Revisa los datos.', requestId: 'r1' });
    expect(error.fields).toEqual({ email: 'Ingresa un email válido' });
  });

  it('falls back to the connection message when the network fails or the body is not JSON', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await rejection(apiFetch('/api/x'))).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await rejection(apiFetch('/api/x'))).toMatchObject({ status: 502, message: NETWORK_ERROR_MESSAGE });

    fetchMock.mockResolvedValueOnce(json(500, { unexpected: true }));
    expect(await rejection(apiFetch('/api/x'))).toMatchObject({ status: 500, message: NETWORK_ERROR_MESSAGE });
  });

  it('rejects a 2xx body that does not match the schema', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 1 }));
    const error = await rejection(apiFetch('/api/x', { schema: z.object({ id: z.string() }) }));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('re-throws an abort untouched', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
