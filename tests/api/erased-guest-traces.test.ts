import { randomUUID } from 'node:crypto';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, reservations, restaurantConfig, waitlistOffers } from '../../src/server/db/schema.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { deliveredEmail } from '../support/delivered-email.ts';
import { configure, insertReservation, uniqueEmail } from '../support/factories.ts';
import { waitFor } from '../support/wait-for.ts';
import { freshAddress } from '../support/bookings.ts';

// Issue 50, item 8: what a guest's erasure leaves behind. Their old links say the data was erased; the mail sink's
// .eml copies (DATA_DIR/outbox, no SMTP) go with the erasure and with the retention run; the export's HTML file
// declares its charset. Tuesday 24 November 2026, 11:00 in Madrid.
const NOW = '2026-11-24T10:00:00Z';
const clock = new ManualClock(NOW);
const suite = useApiSuite({ clock, outboxPollMs: 50 });
const db = () => suite.db();
const outboxDir = () => join(suite.app().dataDir, 'outbox');

const request = (method: 'GET' | 'POST', url: string, payload?: object) => suite.app().request({ method, url, remoteAddress: freshAddress(), ...(payload ? { payload } : {}) });

async function tokenIn(kind: string, to: string, path: string): Promise<string> {
  const rows = await db().select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)));
  return (await deliveredEmail(db(), rows.at(-1)!, clock)).text.match(new RegExp(`/${path}/([\\w-]{43})`))![1]!;
}

/** A guest with a booking, a waitlist entry and an offer made to it, and one link to each. */
async function guestWithLinks() {
  const email = uniqueEmail('borrada');
  const person = { customerName: 'Irene Borrada', customerPhone: '+34 611 222 333', customerEmail: email, privacyConsent: true };
  const booking = await request('POST', '/api/public/reservations', { ...person, id: randomUUID(), numberOfPeople: 2, reservationDate: '2026-11-26', reservationTime: '14:00' });
  expect(booking.statusCode).toBe(201);
  await configure(db(), { maxCoversPerSlot: 4 });
  const full = await insertReservation(db(), { reservationDate: '2026-11-25', reservationTime: '13:30', numberOfPeople: 4, status: 'confirmed', customerEmail: uniqueEmail() });
  const entryId = randomUUID();
  const joined = await request('POST', '/api/public/waitlist', { ...person, id: entryId, numberOfPeople: 2, reservationDate: '2026-11-25', reservationTime: '13:30' });
  expect(joined.statusCode).toBe(201);
  expect((await suite.api('PATCH', `/reservations/${full.id}/status`, { status: 'cancelled', reason: 'Llamó' })).statusCode).toBe(200);
  await waitFor(async () => (await db().select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId))).length === 1);
  await configure(db(), { maxCoversPerSlot: null });
  const [row] = await db().select({ guestId: reservations.guestId }).from(reservations).where(eq(reservations.id, booking.json().id));
  return {
    email,
    guestId: row!.guestId!,
    links: {
      booking: `/api/public/guest-reservations/${await tokenIn('reservation_welcome', email, 'reserva')}`,
      entry: `/api/public/waitlist-entries/${await tokenIn('waitlist_joined', email, 'lista-espera')}`,
      offer: `/api/public/waitlist-offers/${await tokenIn('waitlist_offer', email, 'oferta')}`,
    },
  };
}

const emlFiles = async () => (await readdir(outboxDir()).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
const emlText = async (name: string) => readFile(join(outboxDir(), name), 'utf8');
/**
 * Every email to `to` delivered by the worker, as .eml files: those a test read itself (deliveredEmail, which takes the
 * row from the worker) are handed back, and the clock passes the undo window's deferrals.
 */
const deliverQueued = async (...to: string[]) => {
  await db().update(emailOutbox).set({ sentAt: null }).where(and(inArray(emailOutbox.toAddress, to), isNull(emailOutbox.failedAt)));
  clock.set(new Date(Math.max(Date.now(), clock.now().getTime())));
  await waitFor(async () => (await db().select().from(emailOutbox)).filter((row) => to.includes(row.toAddress)).every((row) => row.sentAt));
  clock.set(NOW);
};

describe("an erased guest's traces", () => {
  it("turn the guest's old booking, waitlist and offer links into 'erased', in Spanish", async () => {
    const { guestId, links } = await guestWithLinks();
    for (const url of Object.values(links)) expect((await request('GET', url)).statusCode).toBe(200);
    expect((await suite.api('POST', `/guests/${guestId}/erasure`, { confirm: true })).statusCode).toBe(200);
    for (const url of [...Object.values(links), `${links.offer}/accept`]) {
      const answer = await request(url.endsWith('/accept') ? 'POST' : 'GET', url);
      expect(answer.statusCode, url).toBe(410);
      expect(answer.json().error).toMatchObject({ code: 'link_erased', message: 'Los datos de este enlace se han borrado a petición tuya: ya no hay nada que mostrar.' });
    }
    // An unknown link is still just unknown.
    expect((await request('GET', `/api/public/guest-reservations/${'z'.repeat(43)}`)).statusCode).toBe(404);
  });

  it("removes the .eml copies of mail to the guest with the erasure, and leaves other guests' mail", async () => {
    const { email, guestId } = await guestWithLinks();
    const otherEmail = uniqueEmail('otra');
    const other = await request('POST', '/api/public/reservations', {
      id: randomUUID(), customerName: 'Otra Persona', customerPhone: '+34 622 333 444', customerEmail: otherEmail, numberOfPeople: 2, reservationDate: '2026-11-27', reservationTime: '14:00', privacyConsent: true,
    });
    expect(other.statusCode).toBe(201);
    await deliverQueued(email, otherEmail);
    const naming = async () => (await Promise.all((await emlFiles()).map(async (name) => ((await emlText(name)).toLowerCase().includes(email) ? name : null)))).filter(Boolean);
    const guestFiles = (await naming()).length;
    expect(guestFiles).toBeGreaterThanOrEqual(3);

    const erased = await suite.api('POST', `/guests/${guestId}/erasure`, { confirm: true });
    expect(erased.statusCode).toBe(200);
    expect(await naming()).toEqual([]);
    expect(erased.json().counts.mailFiles).toBeGreaterThanOrEqual(guestFiles);
    const left = await Promise.all((await emlFiles()).map(emlText));
    expect(left.some((text) => text.includes('Otra Persona'))).toBe(true);
  });

});

describe("the export's summary", () => {
  it('is attached as text/html with charset=utf-8', async () => {
    const { guestId } = await guestWithLinks();
    // Staff's export to the guest is by the guest's own link; the guest asks from the booking's page.
    const [row] = await db().select().from(reservations).where(eq(reservations.guestId, guestId));
    const [email] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.reservationId, row!.id), eq(emailOutbox.kind, 'reservation_welcome')));
    const token = (await deliveredEmail(db(), email!, clock)).text.match(/\/reserva\/([\w-]{43})/)![1]!;
    expect((await request('POST', `/api/public/guest-reservations/${token}/data-export`)).statusCode).toBe(202);
    const [exported] = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'guest_data_export'));
    await deliverQueued(exported!.toAddress);
    const name = (await emlFiles()).find((file) => file.startsWith(`outbox-${exported!.id}@`))!;
    const eml = (await emlText(name)).replace(/\r?\n[ \t]+/g, ' ');
    expect(eml).toMatch(/Content-Type: text\/html; charset=utf-8; name=mis-datos\.html/i);
  });
});

describe('the nightly retention run', () => {
  // Last: the run also ends the owner's session, signed in at NOW.
  it('removes .eml copies older than the shortest retention period in the nightly run', async () => {
    await writeFile(join(outboxDir(), 'viejo@mesa.eml'), 'To: vieja@example.com\n\nHola');
    await writeFile(join(outboxDir(), 'nuevo@mesa.eml'), 'To: nueva@example.com\n\nHola');
    const [config] = await db().select().from(restaurantConfig);
    const shortest = Math.min(config!.retentionReservationMonths, config!.retentionCancelledMonths, config!.retentionAllergenMonths);
    // 04:31 in Madrid, the night after NOW; the old copy a day past the shortest period, the new one a day short of it.
    clock.set('2026-11-25T03:31:00Z');
    const day = 86_400_000;
    const periodAgo = new Date('2026-11-25T03:31:00Z');
    periodAgo.setMonth(periodAgo.getMonth() - shortest);
    await utimes(join(outboxDir(), 'viejo@mesa.eml'), new Date(periodAgo.getTime() - day), new Date(periodAgo.getTime() - day));
    await utimes(join(outboxDir(), 'nuevo@mesa.eml'), new Date(periodAgo.getTime() + day), new Date(periodAgo.getTime() + day));
    await suite.app().instance.scheduler.tick();
    const names = await emlFiles();
    expect(names).not.toContain('viejo@mesa.eml');
    expect(names).toContain('nuevo@mesa.eml');
    clock.set(NOW);
  });
});
