import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { ApiRequestError, apiFetch, setRecentSignInHandler } from './api';

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
  describe("a write refused for want of a recent sign-in (issue 41)", () => {
    const refused = () => json(403, { error: { code: 'recent_sign_in_required', message: messages.permissions.recentSignIn } });
    afterEach(() => setRecentSignInHandler(undefined));

    it('asks the handler, then sends the same write again once and answers with it', async () => {
      const handler = vi.fn(() => Promise.resolve(true));
      setRecentSignInHandler(handler);
      fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(json(200, { ok: true }));
      await expect(apiFetch('/api/x', { method: 'PATCH', body: { a: 1 } })).resolves.toEqual({ ok: true });
      expect(handler).toHaveBeenCalledOnce();
      expect(fetchMock.mock.calls.map(([, init]) => [init?.method, init?.body])).toEqual([['PATCH', '{"a":1}'], ['PATCH', '{"a":1}']]);
    });

    it('keeps the refusal when the password was not confirmed, when there is no handler, and on a second refusal', async () => {
      setRecentSignInHandler(() => Promise.resolve(false));
      fetchMock.mockResolvedValueOnce(refused());
      expect(await rejection(apiFetch('/api/x', { method: 'PUT' }))).toMatchObject({ status: 403, code: 'recent_sign_in_required' });
      expect(fetchMock).toHaveBeenCalledOnce();

      setRecentSignInHandler(undefined);
      fetchMock.mockResolvedValueOnce(refused());
      expect(await rejection(apiFetch('/api/x', { method: 'PUT' }))).toMatchObject({ code: 'recent_sign_in_required' });

      setRecentSignInHandler(() => Promise.resolve(true));
      fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(refused());
      expect(await rejection(apiFetch('/api/x', { method: 'PUT' }))).toMatchObject({ code: 'recent_sign_in_required' });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });
  });
});
