// Issue 52, item 6 (decision 063): a manual booking with an email sends the guest the confirmation a guest's own
// confirmed booking gets (private link, .ics), over real SMTP, unless staff untick 'Enviar confirmación al cliente'.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { smtpTransport } from '../../src/server/platform/mailer.ts';
import { useApiSuite, usePeer } from '../support/api-suite.ts';
import { freshAddress, manualBookingBody, openDayNextWeek } from '../support/bookings.ts';
import { uniqueEmail } from '../support/factories.ts';
import { type ReceivedMessage, startSmtpPeer } from '../support/smtp-peer.ts';

let cookie: string;
let key: string;
const date = openDayNextWeek();
const peer = usePeer(() => startSmtpPeer());
const suite = useApiSuite(() => ({
  owner: false,
  transport: smtpTransport(peer().url),
  outboxPollMs: 50,
  outboxRetryBaseMs: 20,
  afterStart: async (app) => {
    cookie = await app.signIn();
    const created = await app.request({
      method: 'POST',
      url: '/api/admin/integrations/api-keys',
      cookie,
      payload: { name: 'Integración', scopes: ['lectura', 'reservas'] },
    });
    key = created.json().key;
  },
}));
const app = () => suite.app();
const db = () => suite.db();
const manual = (overrides: Record<string, unknown>) => manualBookingBody(date, overrides);

async function createManual(overrides: Record<string, unknown>): Promise<string> {
  const response = await app().request({ method: 'POST', url: '/api/admin/reservations', cookie, payload: manual(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().status).toBe('confirmed');
  return response.json().id;
}

async function createThroughV1(overrides: Record<string, unknown>): Promise<string> {
  const response = await app().instance.app.inject({
    method: 'POST',
    url: '/api/v1/reservations',
    headers: { authorization: `Bearer ${key}` },
    payload: manual(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Queued in the booking's own transaction: what the 201 left in the outbox is all the booking will ever send. */
const queuedFor = async (id: string) => db().select().from(emailOutbox).where(eq(emailOutbox.reservationId, id));

const sentText = (message: ReceivedMessage) => message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const guestPage = (token: string) =>
  app().request({ method: 'GET', url: `/api/public/guest-reservations/${encodeURIComponent(token)}`, remoteAddress: freshAddress() });
function calendarOf(message: ReceivedMessage): string | null {
  const part = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Z0-9+/=\r\n]+)/i.exec(message.raw)?.[1];
  return part ? Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n /g, '') : null;
}

async function delivered(address: string): Promise<ReceivedMessage> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = peer().messages.filter((message) => message.envelopeTo.includes(address));
    if (found.length > 0) {
      // Give a second copy time to show up: there must be none.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(peer().messages.filter((message) => message.envelopeTo.includes(address))).toHaveLength(1);
      return found[0]!;
    }
    if (Date.now() > deadline) throw new Error(`no email reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectConfirmation(address: string): Promise<void> {
  const message = await delivered(address);
  expect(message.raw).toMatch(/^Subject: .*confirmada/im);
  const [, token] = /\/reserva\/([\w-]{43})/.exec(sentText(message)) ?? [];
  expect(token, 'the private link').toBeDefined();
  expect((await guestPage(token!)).statusCode).toBe(200);
  const ics = calendarOf(message);
  expect(ics, 'the .ics attachment').toContain('BEGIN:VEVENT');
  expect(ics).toContain(`/reserva/${token}`);
}

describe('a manual booking with an email (decision 063)', () => {
  it('sends the guest one confirmation, with the private link and the .ics', async () => {
    const address = uniqueEmail('manual');
    const id = await createManual({ customerEmail: address });
    expect(await queuedFor(id)).toHaveLength(1);
    await expectConfirmation(address);
  });

  it("sends nothing when staff untick 'Enviar confirmación al cliente'", async () => {
    const address = uniqueEmail('unticked');
    const id = await createManual({ customerEmail: address, sendConfirmation: false });
    expect(await queuedFor(id)).toHaveLength(0);
  });

  it('sends nothing without an email, whatever the box says', async () => {
    expect(await queuedFor(await createManual({ customerEmail: '', sendConfirmation: true }))).toHaveLength(0);
    expect(await queuedFor(await createManual({}))).toHaveLength(0);
  });

  it('is never pending: a status in the body is not read, the booking is confirmed and its guest told', async () => {
    const address = uniqueEmail('pending');
    const id = await createManual({ customerEmail: address, status: 'pending' });
    expect(await queuedFor(id)).toHaveLength(1);
    await expectConfirmation(address);
  });
});

describe('POST /api/v1/reservations', () => {
  it("sends the confirmation by default, as the dialog's ticked box does, and nothing with sendConfirmation false", async () => {
    const address = uniqueEmail('v1');
    await createThroughV1({ customerEmail: address });
    await expectConfirmation(address);
    expect(await queuedFor(await createThroughV1({ customerEmail: uniqueEmail('v1-off'), sendConfirmation: false }))).toHaveLength(0);
  });
});
