import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { addDays, madridInstant, madridToday } from '@shared/rules/madrid-time.ts';
import { staffMessages } from '@shared/staff-messages.ts';
import { useBrowserSuite } from '../support/admin-browser.ts';
import { insertReservation, uniqueEmail } from '../support/factories.ts';
import { freePort } from '../support/server-process.ts';
import { ACCESS_TOKEN, APP_SECRET, PHONE_NUMBER_ID, TEMPLATES, VERIFY_TOKEN, WHATSAPP } from '../support/messaging-accounts.ts';
import { waitFor } from '../support/wait-for.ts';
import { startFakeMessaging, type FakeMessaging } from '../fakes/messaging/fake-messaging-server.ts';
import { guestMessages, reservations, restaurantConfig } from '../../src/server/db/schema.ts';
import { sendDueReminders } from '../../src/server/modules/notifications/reminders.ts';

// Issue 46 in the browser: staff have the host stand open; the guest taps the WhatsApp reminder's 'No puedo ir' (at
// the local fake of Meta) and the row says the guest cancelled, without a reload. The server's clock stands at noon
// (Madrid) of the real today, which the browser also shows, so the 21:00 booking is always still to come.
const FAKE_TEMPLATES = Object.values(TEMPLATES).map((name) => ({ name, language: 'es', ...(name === TEMPLATES.reminder ? { buttons: ['Confirmo', 'No puedo ir'] } : {}) }));
const PHONE_VIEW = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
const GUEST = 'Marta Recordatorio';
const GUEST_PHONE = '+34600770011';
const BOOKING_TIME = '21:00';
const TODAY = madridToday(new Date());
const NOON = madridInstant(TODAY, '12:00');

// Filled before the suite's app starts (this hook is registered first, so it runs first).
const env: Record<string, string> = {};
let fake: FakeMessaging;
beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  fake = await startFakeMessaging({
    mesaUrl: publicUrl,
    whatsapp: { accessToken: ACCESS_TOKEN, phoneNumberId: PHONE_NUMBER_ID, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, templates: FAKE_TEMPLATES },
    retryDelaysMs: [50, 100, 200, 400, 800, 1600],
  });
  Object.assign(env, { PORT: String(port), PUBLIC_URL: publicUrl, WHATSAPP_API_URL: fake.url, TWILIO_API_URL: fake.url });
}, 60_000);
const suite = useBrowserSuite({ now: NOON, env });
const db = () => suite.db();
afterAll(async () => {
  await fake?.close();
});

describe("the WhatsApp reminder's answer on the host stand", () => {
  it("the reminder's 'No puedo ir' cancels and the host sees it live", async () => {
    const app = suite.app;
    const owner = await app.signIn({ email: uniqueEmail('dueno') });
    const saved = await app.request({ method: 'PUT', url: '/api/admin/messaging/whatsapp', cookie: owner, payload: WHATSAPP, headers: { origin: env.PUBLIC_URL! } });
    expect(saved.statusCode, saved.body).toBe(200);
    await db().update(restaurantConfig).set({ reminder24hEnabled: true }).where(eq(restaurantConfig.id, 1));

    const booked = await insertReservation(db(), {
      customerName: GUEST,
      customerEmail: uniqueEmail('recordatorio'),
      customerPhone: '600 77 00 11',
      customerPhoneE164: GUEST_PHONE,
      messagingChannel: 'whatsapp',
      reservationDate: TODAY,
      reservationTime: BOOKING_TIME,
      status: 'confirmed',
      createdAt: new Date(NOON.getTime() - 3 * 24 * 3_600_000),
    });

    const page = await suite.openAdmin('/admin', PHONE_VIEW);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: GUEST, exact: true }) });
    await row.waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    expect(await row.getByText(staffMessages.admin.today.cancelledByGuest, { exact: true }).count()).toBe(0);

    // The reminder goes out through the fake as the template with its two buttons.
    // The 24 h reminder goes out the day before, from 24 hours ahead: 22:00 last night.
    const dayBefore = madridInstant(addDays(TODAY, -1), '22:00');
    expect(await sendDueReminders(db(), dayBefore, new URL(env.PUBLIC_URL!))).toBeGreaterThanOrEqual(1);
    await db().update(guestMessages).set({ nextAttemptAt: NOON }).where(and(eq(guestMessages.direction, 'out'), sql`sent_at is null and failed_at is null`));
    await app.instance.messages.drain();
    await fake.settled();
    const reminder = await waitFor(() => fake.messages().find((message) => message.to === GUEST_PHONE && message.template?.name === TEMPLATES.reminder), { what: 'the reminder at the fake' });
    expect(reminder.template!.buttons.map((button) => [button.payload, button.text])).toContainEqual(['MESA_CANCEL', 'No puedo ir']);

    fake.pressButton(reminder.id, 'No puedo ir');
    await fake.settled();

    // The same page, never reloaded: Playwright waits for the row to change.
    await row.getByText(staffMessages.admin.today.cancelledByGuest, { exact: true }).waitFor();
    expect(navigations).toEqual([]);
    const [after] = await db().select().from(reservations).where(eq(reservations.id, booked.id));
    expect([after!.status, after!.cancelledBy]).toEqual(['cancelled', 'guest']);
  });
});
