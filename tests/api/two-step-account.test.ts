import { describe, expect, it } from 'vitest';
import { currentCode } from '../../src/server/modules/two-step/totp.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';

// Issue 44, item 1: a member turns their own two-step codes on and off under /api/admin/account/two-step.
const clock = new ManualClock('2026-11-28T19:00:10Z');
const suite = useApiSuite({ clock });

describe("a member's own two-step codes", () => {
  it('turn on with the QR code and a first code, give ten recovery codes once, and turn off after a fresh sign-in', async () => {
    const cookie = await suite.app().signIn({ roles: ['floor'] });
    const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => suite.api(method, `/account/two-step${url}`, payload, cookie);
    expect((await api('GET', '')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const started = await api('POST', '');
    expect(started.statusCode).toBe(200);
    const { uri, seed, qrCode } = started.json() as { uri: string; seed: string; qrCode: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(seed.replaceAll(' ', '')).toBe(new URL(uri).searchParams.get('secret'));
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const wrong = await api('POST', '/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'wrong_code', message: 'Código incorrecto', fields: { code: 'Código incorrecto' } });
    const confirmed = await api('POST', '/confirm', { code: currentCode(new URL(uri).searchParams.get('secret')!, clock.now()) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    expect((await api('GET', '')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await api('POST', '')).statusCode).toBe(409);

    // New recovery codes and turning off are what a stolen session would do: a fresh sign-in first.
    clock.advance(11 * 60_000);
    expect((await api('POST', '/recovery-codes')).json().error.code).toBe('recent_sign_in_required');
    expect((await api('DELETE', '')).json().error.code).toBe('recent_sign_in_required');
    expect((await api('GET', '')).json().enabled).toBe(true);
  });

  it("answers only for the signed-in member's own account, and never without a session", async () => {
    expect((await suite.api('GET', '/account/two-step', undefined, null)).statusCode).toBe(401);
    const owner = suite.owner();
    const member = await suite.app().signIn({ roles: ['manager'] });
    expect((await suite.api('POST', '/account/two-step', undefined, member)).statusCode).toBe(200);
    expect((await suite.api('GET', '/account/two-step', undefined, owner)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('turns off, and gives new recovery codes, within ten minutes of signing in', async () => {
    const cookie = await suite.app().signIn({ roles: ['manager'] });
    const { uri } = (await suite.api('POST', '/account/two-step', undefined, cookie)).json() as { uri: string };
    const seed = new URL(uri).searchParams.get('secret')!;
    await suite.api('POST', '/account/two-step/confirm', { code: currentCode(seed, clock.now()) }, cookie);
    const renewed = await suite.api('POST', '/account/two-step/recovery-codes', undefined, cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    expect((await suite.api('DELETE', '/account/two-step', undefined, cookie)).statusCode).toBe(204);
    expect((await suite.api('GET', '/account/two-step', undefined, cookie)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});
