// Issue 26: staff's own wording of the guest templates in English, Catalan, French, German and Italian
// (Configuración › Mensajes), over the shipped translations; Spanish stays in restaurant_config's columns.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { TEMPLATE_KEYS } from '@shared/i18n/guest-email-texts.ts';
import { TRANSLATED_LANGUAGES } from '@shared/i18n/languages.ts';
import { guestEmailTranslations } from '@shared/i18n/translations/index.ts';
import { messages } from '@shared/messages.ts';
import type { TemplateTranslationsView } from '@shared/schemas/template-translations.ts';
import { settingsMessages, templateTranslationsMessages } from '@shared/staff-messages/settings.ts';
import { emailOutbox, restaurantConfig } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const clock = new ManualClock(NOW);
const { app, db, owner: admin } = useApiSuite({ clock });
const sv = settingsMessages.validation;
const tv = templateTranslationsMessages.validation;

beforeEach(() => clock.set(NOW));
afterEach(async () => {
  await configure(db(), { templateTranslations: {} });
});

const URL = '/api/admin/settings/template-translations';
const read = async (cookie = admin()) => {
  const response = await app().request({ method: 'GET', url: URL, cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as TemplateTranslationsView;
};
const save = (language: string, texts: unknown, cookie = admin()) =>
  app().request({ method: 'PUT', url: `${URL}/${language}`, cookie, payload: { texts } as object });
const stored = async () => {
  const [row] = await db().select().from(restaurantConfig).where(eq(restaurantConfig.id, 1));
  return row!;
};

describe('GET template-translations', () => {
  it("lists every template in every language but Spanish, with the shipped wording and no staff's own", async () => {
    const view = await read();
    expect(Object.keys(view).sort()).toEqual([...TRANSLATED_LANGUAGES].sort());
    for (const language of TRANSLATED_LANGUAGES) {
      expect(Object.keys(view[language]).sort()).toEqual([...TEMPLATE_KEYS].sort());
      for (const key of TEMPLATE_KEYS) {
        expect(view[language][key]).toEqual({ own: null, shipped: guestEmailTranslations[language].templates[key] });
      }
    }
  });

  it('is refused to the floor staff and allowed to a manager, as the other template settings', async () => {
    const floor = await app().signIn({ roles: ['floor'] });
    expect((await app().request({ method: 'GET', url: URL, cookie: floor })).statusCode).toBe(403);
    expect((await save('en', { welcomeEmailSubject: 'Hi' }, floor)).statusCode).toBe(403);
    const manager = await app().signIn({ roles: ['manager'] });
    expect((await save('en', { welcomeEmailSubject: 'Hi' }, manager)).statusCode).toBe(200);
    expect((await read(manager)).en.welcomeEmailSubject.own).toBe('Hi');
  });
});

describe('PUT template-translations/:language', () => {
  it("saves staff's English wording (trimmed) and reads it back, leaving Spanish and the other languages alone", async () => {
    const response = await save('en', {
      welcomeEmailSubject: '  Your table at {restaurantName}  ',
      cancellationPolicy: 'Free cancellation up to 2 hours before.',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as TemplateTranslationsView).en.welcomeEmailSubject.own).toBe('Your table at {restaurantName}');

    const view = await read();
    expect(view.en.welcomeEmailSubject).toEqual({ own: 'Your table at {restaurantName}', shipped: guestEmailTranslations.en.templates.welcomeEmailSubject });
    expect(view.en.cancellationPolicy.own).toBe('Free cancellation up to 2 hours before.');
    expect(view.en.welcomeEmailMessage.own).toBeNull();
    expect(view.fr.welcomeEmailSubject.own).toBeNull();
    const row = await stored();
    expect(row.welcomeEmailSubject).toBe(restaurantConfigDefaults.welcomeEmailSubject);
    expect(row.cancellationPolicy).toBe(restaurantConfigDefaults.cancellationPolicy);
  });

  it("null, an empty text or the shipped wording itself removes staff's own: back to the shipped translation", async () => {
    await save('de', { welcomeEmailSubject: 'Eins', reminder2hSubject: 'Zwei', cancellationSubject: 'Drei' });
    const response = await save('de', {
      welcomeEmailSubject: null,
      reminder2hSubject: '   ',
      cancellationSubject: guestEmailTranslations.de.templates.cancellationSubject,
    });
    expect(response.statusCode).toBe(200);
    const view = await read();
    for (const key of ['welcomeEmailSubject', 'reminder2hSubject', 'cancellationSubject'] as const) {
      expect(view.de[key]).toEqual({ own: null, shipped: guestEmailTranslations.de.templates[key] });
    }
    expect((await stored()).templateTranslations).toEqual({});
  });

  it('takes the same lengths as the Spanish fields: 200 for a subject, 2,000 for the other texts', async () => {
    const response = await save('it', { reminder24hSubject: 's'.repeat(200), reminder24hMessage: 'm'.repeat(2000) });
    expect(response.statusCode).toBe(200);
    expect((await stored()).templateTranslations).toEqual({ it: { reminder24hSubject: 's'.repeat(200), reminder24hMessage: 'm'.repeat(2000) } });
  });

  it('refuses a bad language, an unknown template, an empty change or a text too long, in Spanish, saving nothing', async () => {
    await save('ca', { welcomeMessage: 'Benvinguts a casa nostra' });
    const before = (await stored()).templateTranslations;
    const refusals: Array<[string, unknown, string, string?]> = [
      ['es', { welcomeMessage: 'Hola' }, tv.languageUnknown, 'language'],
      ['pt', { welcomeMessage: 'Olá' }, tv.languageUnknown, 'language'],
      ['en', { welcomeMessage: 'Hi', signature: 'The team' }, tv.keyUnknown, 'texts'],
      ['en', {}, sv.nothingToSave, 'texts'],
      ['en', { welcomeEmailSubject: 'x'.repeat(201), welcomeMessage: 'ok' }, sv.textTooLong, 'texts.welcomeEmailSubject'],
      ['ca', { cancellationMessage: 'x'.repeat(2001) }, sv.textTooLong, 'texts.cancellationMessage'],
      ['en', { welcomeMessage: 42 }, messages.http.badRequest],
    ];
    for (const [language, texts, message, field] of refusals) {
      const response = await save(language, texts);
      expect(response.statusCode, `${language} ${JSON.stringify(texts).slice(0, 60)}`).toBe(400);
      const { error } = response.json();
      if (field) {
        expect(error.message).toBe(message);
        expect(error.fields[field]).toBe(message);
      } else {
        // zod's own message for a wrong type, in Spanish (platform/validation.ts).
        expect(error.message).toMatch(/se esperaba/);
      }
    }
    expect((await save('en', [])).statusCode).toBe(400);
    expect((await stored()).templateTranslations).toEqual(before);
  });
});

describe("staff's wording in the guest's email", () => {
  const book = (language: string) => {
    const body = bookingBody({
      customerName: 'Emma Clarke',
      customerPhone: '+44 7700 900123',
      customerEmail: `emma-${randomUUID().slice(0, 8)}@example.com`,
      reservationDate: '2026-11-28',
    });
    const request = app().request({
      method: 'POST',
      url: '/api/public/reservations',
      payload: body,
      remoteAddress: freshAddress(),
      headers: { 'accept-language': language },
    });
    return { body, request };
  };
  const guestEmail = async (address: string) => {
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
    return email!;
  };

  it('an English booking made afterwards gets the English subject staff wrote; a French one the shipped French', async () => {
    expect((await save('en', { welcomeEmailSubject: 'Thanks, we have your request' })).statusCode).toBe(200);

    const english = book('en-GB,en;q=0.9');
    expect((await english.request).statusCode).toBe(201);
    expect((await guestEmail(english.body.customerEmail)).subject).toBe('Thanks, we have your request');

    const french = book('fr');
    expect((await french.request).statusCode).toBe(201);
    expect((await guestEmail(french.body.customerEmail)).subject).toBe(guestEmailTranslations.fr.templates.welcomeEmailSubject);
  });

  it("the landing page's welcome in another language follows the save at once", async () => {
    await save('it', { welcomeMessage: 'Benvenuti da noi!' });
    const response = await app().request({ method: 'GET', url: '/api/public/settings' });
    expect(response.json().otherLanguages.it.welcomeMessage).toBe('Benvenuti da noi!');
  });
});

describe('concurrent saves', () => {
  it('of different languages each keep their change (the row is locked while one is read and written)', async () => {
    const languages = ['en', 'ca', 'fr', 'de', 'it'] as const;
    for (let round = 0; round < 4; round += 1) {
      const responses = await Promise.all(
        languages.map((language) => save(language, { cancellationSubject: `${language} ${round}`, [`reminder${round % 2 ? '2h' : '24h'}Subject`]: `${language} r${round}` })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(languages.map(() => 200));
    }
    const own = (await stored()).templateTranslations;
    for (const language of languages) {
      expect(own[language]).toEqual({ cancellationSubject: `${language} 3`, reminder2hSubject: `${language} r3`, reminder24hSubject: `${language} r2` });
    }
  });
});
