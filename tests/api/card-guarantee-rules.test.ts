// 'Garantía con tarjeta' in Configuración › Reservas (issue 45, item 1): the owner's rules, read by the encargado,
// and the public settings the booking page applies them from.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { addDays } from '@shared/rules/madrid-time.ts';
import { type CardGuaranteeRules, DEFAULT_CARD_GUARANTEE_RULES } from '@shared/schemas/card-guarantee.ts';
import { publicSettingsSchema } from '@shared/schemas/settings.ts';
import { cardGuaranteeMessages } from '@shared/staff-messages/payments.ts';
import { paymentSettings, restaurantConfig } from '../../src/server/db/schema.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { configure } from '../support/factories.ts';

const suite = useApiSuite();
const v = cardGuaranteeMessages.validation;

const RULES: CardGuaranteeRules = {
  enabled: true,
  fromPeople: 6,
  windows: [{ weekday: 6, from: '20:00', to: '23:30' }],
  dates: ['2026-12-24', '2026-12-31'],
  amountPerPersonCents: 2500,
  freeCancellationHours: 48,
  holdMinutes: 20,
};

const storedRules = async () =>
  (await suite.db().select({ rules: restaurantConfig.cardGuarantee }).from(restaurantConfig).where(eq(restaurantConfig.id, 1)))[0]!.rules;
const publicSettings = async () => publicSettingsSchema.parse((await suite.app().request({ method: 'GET', url: '/api/public/settings' })).json());
const connectPayments = () =>
  suite.db().insert(paymentSettings).values({ secretKeyCiphertext: 'sealed:any-text', livemode: false });

afterEach(async () => {
  await configure(suite.db(), { cardGuarantee: DEFAULT_CARD_GUARANTEE_RULES });
  await suite.db().delete(paymentSettings);
});

describe('the owner', () => {
  it('saves the rules and reads them back, with whether payments are connected', async () => {
    const saved = await suite.api('PUT', '/settings/card-guarantee', RULES);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ rules: RULES, paymentsConnected: false });
    expect(await storedRules()).toEqual(RULES);

    await connectPayments();
    const read = await suite.api('GET', '/settings/card-guarantee');
    expect(read.json()).toEqual({ rules: RULES, paymentsConnected: true });
  });

  it('reads the defaults (off) before anything is saved', async () => {
    const read = await suite.api('GET', '/settings/card-guarantee');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ rules: DEFAULT_CARD_GUARANTEE_RULES, paymentsConnected: false });
  });
});

describe('the encargado', () => {
  it('reads the rules but may not change them', async () => {
    await suite.api('PUT', '/settings/card-guarantee', RULES);
    const manager = await suite.app().signIn({ roles: ['manager'] });
    const read = await suite.api('GET', '/settings/card-guarantee', undefined, manager);
    expect(read.statusCode).toBe(200);
    expect(read.json().rules).toEqual(RULES);

    const refused = await suite.api('PUT', '/settings/card-guarantee', { ...RULES, enabled: false }, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.permissions.role);
    expect(await storedRules()).toEqual(RULES);
  });

  it('is refused to floor staff, who have no Configuración', async () => {
    const floor = await suite.app().signIn({ roles: ['floor'] });
    expect((await suite.api('GET', '/settings/card-guarantee', undefined, floor)).statusCode).toBe(403);
  });
});

describe('bad rules', () => {
  const cases: Array<[string, unknown, string, string]> = [
    ['an amount of 0', { ...RULES, amountPerPersonCents: 0 }, 'amountPerPersonCents', v.amount],
    ['a window that ends before it starts', { ...RULES, windows: [{ weekday: 6, from: '23:00', to: '20:00' }] }, 'windows.0.to', v.windowOrder],
    ['weekday 9', { ...RULES, windows: [{ weekday: 9, from: '20:00', to: '23:00' }] }, 'windows.0.weekday', v.weekday],
    ['61 dates', { ...RULES, dates: Array.from({ length: 61 }, (_, day) => addDays('2027-01-01', day)) }, 'dates', v.tooMany],
    ['a malformed date', { ...RULES, dates: ['24/12/2026'] }, 'dates.0', v.date],
  ];
  it.each(cases)('are refused with the Spanish message and save nothing: %s', async (_name, body, field, message) => {
    const response = await suite.api('PUT', '/settings/card-guarantee', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await storedRules()).toEqual(DEFAULT_CARD_GUARANTEE_RULES);
  });
});

describe('the public settings', () => {
  it('carry the rules only while they are on and Stripe is connected, never the switch', async () => {
    await suite.api('PUT', '/settings/card-guarantee', RULES);
    expect((await publicSettings()).cardGuarantee).toBeNull();

    await connectPayments();
    const { enabled: _enabled, ...inForce } = RULES;
    const settings = await publicSettings();
    expect(settings.cardGuarantee).toEqual(inForce);
    expect(settings.cardGuarantee).not.toHaveProperty('enabled');

    await suite.api('PUT', '/settings/card-guarantee', { ...RULES, enabled: false });
    expect((await publicSettings()).cardGuarantee).toBeNull();
  });

  it('follow the rules as they are saved (nothing kept from before the change)', async () => {
    await connectPayments();
    await suite.api('PUT', '/settings/card-guarantee', RULES);
    expect((await publicSettings()).cardGuarantee?.fromPeople).toBe(6);
    await suite.api('PUT', '/settings/card-guarantee', { ...RULES, fromPeople: 8 });
    expect((await publicSettings()).cardGuarantee?.fromPeople).toBe(8);
  });
});
