// Issue 25, items 3 and 5, on a phone: the restaurant's address with its map link, the contact phones and the
// opening-hours line from the settings, and the schema.org JSON-LD the server puts in GET /'s head, read by Chromium
// under the real CSP.
import { eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restaurantConfigDefaults } from '@shared/defaults.ts';
import { messages } from '@shared/messages.ts';
import { operatingHours, restaurantConfig } from '../../src/server/db/schema.ts';
import { hydrated, useBrowserSuite } from '../support/admin-browser.ts';

const NAME = 'Casa Lola </script><script>alert(1)</script>';
const ADDRESS = 'Calle Mayor 5, 28013 Madrid';
const PHONES = { contactPhone1: '+34 911 222 333', contactPhone2: '600 444 555' };
const text = messages.landing;

const suite = useBrowserSuite();
const db = () => suite.db();
const setConfig = (patch: Partial<typeof restaurantConfig.$inferInsert>) =>
  db().update(restaurantConfig).set(patch).where(eq(restaurantConfig.id, 1));

beforeEach(() => setConfig({ name: NAME, address: ADDRESS, ...PHONES }));
afterEach(async () => {
  await setConfig({ name: restaurantConfigDefaults.name, address: null, contactPhone1: null, contactPhone2: null });
  await db()
    .update(operatingHours)
    .set({ closeTime: '18:00', breakStartTime: null, breakEndTime: null })
    .where(inArray(operatingHours.dayOfWeek, [5, 6]));
});

interface OpenedLanding {
  page: Page;
  /** Every console message that names the Content Security Policy, and every violation event the document saw. */
  cspReports: string[];
}

/** The landing page on a 390×844 phone, hydrated, recording anything the CSP says. */
async function openLanding(): Promise<OpenedLanding> {
  const context = await suite.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation event: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = suite.watch(await context.newPage());
  const cspReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) cspReports.push(message.text());
  });
  const response = await page.goto(suite.url('/'));
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await page.getByRole('button', { name: messages.reservation.form.submit }).waitFor();
  return { page, cspReports };
}

/** The page's JSON-LD blocks, parsed as a search engine does: JSON.parse of each data block's text. */
async function jsonLdOf(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((block) => JSON.parse(block) as Record<string, unknown>);
}

const schemaDays = (names: string[]) => names.map((day) => `https://schema.org/${day}`);

describe('the landing page’s restaurant details in Chromium', () => {
  it('carries a valid Restaurant JSON-LD matching the settings, without any CSP violation', async () => {
    const { page, cspReports } = await openLanding();
    const blocks = await jsonLdOf(page);
    expect(blocks).toHaveLength(1);
    // PUBLIC_URL's home page, where the booking form is.
    const home = new URL('/', suite.app.config.publicUrl).toString();
    expect(blocks[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: NAME,
      url: home,
      address: ADDRESS,
      telephone: PHONES.contactPhone1,
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: schemaDays(['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
          opens: '13:00',
          closes: '18:00',
        },
      ],
      acceptsReservations: home,
    });
    // The block sits in the head: the name that closes a script tag neither escaped it nor ran.
    expect(await page.locator('head script[type="application/ld+json"]').count()).toBe(1);
    expect(await page.evaluate(() => document.querySelectorAll('script:not([type="module"]):not([type="application/ld+json"])').length)).toBe(0);
    expect(await page.getByRole('banner').getByText(NAME, { exact: true }).count()).toBe(1);
    expect(cspReports).toEqual([]);
  });

  it('shows the address with its map link, the phones, and the footer’s hours as the spec words them', async () => {
    const { page } = await openLanding();
    const contact = page.getByRole('complementary', { name: text.contactLabel });
    await contact.getByText(ADDRESS).waitFor();
    const map = contact.getByRole('link', { name: `${text.mapLink} ${messages.common.opensInNewTab}` });
    expect(await map.getAttribute('href')).toBe('https://www.openstreetmap.org/search?query=Calle%20Mayor%205%2C%2028013%20Madrid');
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await contact.getByRole('link', { name: PHONES.contactPhone1 }).getAttribute('href')).toBe('tel:+34911222333');
    expect(await contact.getByRole('link', { name: PHONES.contactPhone2 }).getAttribute('href')).toBe('tel:+34600444555');

    const footer = page.getByRole('contentinfo');
    await footer.getByText(text.footer.hours, { exact: true }).waitFor();
    expect(text.footer.hours).toBe('Martes a domingo de 13:00 a 18:00');
    expect(await footer.getByText(text.footer.mondaysClosed, { exact: true }).isVisible()).toBe(true);
    expect(await footer.getByText(text.footer.confirmationRequired, { exact: true }).isVisible()).toBe(true);
  });

  it("says bookings are confirmed at once, not that they need the restaurant's confirmation, while 'Confirmación automática' is on (issue 50)", async () => {
    await setConfig({ autoConfirmationEnabled: true });
    try {
      const { page } = await openLanding();
      const footer = page.getByRole('contentinfo');
      await footer.getByText(text.footer.confirmedAtOnce, { exact: true }).waitFor();
      expect(await footer.getByText(text.footer.confirmationRequired, { exact: true }).count()).toBe(0);
    } finally {
      await setConfig({ autoConfirmationEnabled: false });
    }
  });

  it('follows the weekly hours in the footer and the markup', async () => {
    await db()
      .update(operatingHours)
      .set({ closeTime: '23:30', breakStartTime: '16:00', breakEndTime: '20:00' })
      .where(inArray(operatingHours.dayOfWeek, [5, 6]));
    const { page } = await openLanding();
    await page
      .getByRole('contentinfo')
      .getByText('Martes a jueves de 13:00 a 18:00; viernes y sábado de 13:00 a 16:00 y de 20:00 a 23:30; domingo de 13:00 a 18:00', { exact: true })
      .waitFor();
    const [restaurant] = await jsonLdOf(page);
    expect(restaurant!.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: schemaDays(['Tuesday', 'Wednesday', 'Thursday']), opens: '13:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: schemaDays(['Friday', 'Saturday']), opens: '13:00', closes: '16:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: schemaDays(['Friday', 'Saturday']), opens: '20:00', closes: '23:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: schemaDays(['Sunday']), opens: '13:00', closes: '18:00' },
    ]);
  });

  it('hides the phones’ note while none is set, and the whole contact box without an address either', async () => {
    await setConfig({ contactPhone1: null, contactPhone2: null });
    const { page } = await openLanding();
    const contact = page.getByRole('complementary', { name: text.contactLabel });
    await contact.getByText(ADDRESS).waitFor();
    // The map link alone: no phone link.
    expect(await contact.getByRole('link').count()).toBe(1);
    expect(await page.getByText(/Para consultas especiales/).count()).toBe(0);
    const [restaurant] = await jsonLdOf(page);
    expect(restaurant).not.toHaveProperty('telephone');

    await setConfig({ address: null });
    await page.reload();
    await hydrated(page);
    await page.getByRole('contentinfo').getByText(text.footer.hours, { exact: true }).waitFor();
    expect(await page.getByRole('complementary', { name: text.contactLabel }).count()).toBe(0);
    expect(await jsonLdOf(page)).toEqual([expect.not.objectContaining({ address: expect.anything() })]);
  });
});
