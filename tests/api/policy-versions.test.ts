import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentimientos, policyVersions, reservations } from '../../src/server/db/schema.ts';
import { legalSourceOf, refreshPolicyVersion } from '../../src/server/modules/legal/service.ts';
import { ManualClock } from '../../src/server/platform/clock.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { SMS, WHATSAPP } from '../support/messaging-accounts.ts';
import { pdfText } from '../support/pdf-text.ts';
import { bookingBody, freshAddress } from '../support/bookings.ts';
import { configure } from '../support/factories.ts';

// Issue 24: a consent names the exact privacy policy text the guest accepted. Thursday 26 November 2026 in Madrid.
const clock = new ManualClock('2026-11-26T10:00:00Z');
const suite = useApiSuite({ clock });
const db = () => suite.db();

let booked = 0;
async function book(email: string) {
  const response = await suite.app().request({
    method: 'POST',
    url: '/api/public/reservations',
    remoteAddress: freshAddress(),
    payload: bookingBody({
      customerName: 'Irene Versionada',
      customerPhone: `+34 622 000 ${String(100 + ++booked)}`,
      customerEmail: email,
      reservationDate: '2026-11-28',
      reservationTime: '13:30',
    }),
  });
  expect(response.statusCode).toBe(201);
  const [consent] = await db().select().from(consentimientos).where(eq(consentimientos.reservationId, response.json().id));
  return consent!;
}

const versions = () => db().select().from(policyVersions).orderBy(asc(policyVersions.id));
const privacyPdf = async () => pdfText((await suite.app().request({ method: 'GET', url: '/politica-privacidad.pdf' })).rawPayload);

describe('versions of the privacy policy', () => {
  it("starts at the spec's v1.0 with the text of this restaurant, its retention periods and its backups", async () => {
    const [first, ...more] = await versions();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ label: 'v1.0 - 21/09/2025', language: 'es' });
    expect(first!.body).toContain('Política de privacidad y protección de datos');
    expect(first!.body).toContain('Versión v1.0 - 21/09/2025');
    expect(first!.body).toContain('24 meses después de la visita');
    expect(first!.body).toContain('6 meses después de su fecha');
    expect(first!.body).toContain('12 meses después de tu última visita');
    expect(first!.body).toContain('un dato borrado sigue en las copias anteriores al borrado');
    // The no-show risk is profiling, and says so (issue 47, decision 043).
    expect(first!.body).toContain('Estimar el riesgo de que una reserva no se atienda');
    expect(first!.body).toContain('nunca se rechaza, cancela ni cobra una reserva de forma automática');
    expect(first!.body).toContain('Oposición (art. 21 RGPD)');
    expect(first!.body).not.toContain('ni elaboramos perfiles');
    expect(first!.bodyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await privacyPdf()).toContain('v1.0 - 21/09/2025');

    const consent = await book('irene.v1@example.com');
    expect(consent).toMatchObject({ versionPolitica: 'v1.0 - 21/09/2025', policyVersionId: first!.id });
  });

  it('makes a new version when Configuración changes what the text says, and only then', async () => {
    const before = await book('irene.before@example.com');
    expect((await suite.api('PATCH', '/settings', { retentionReservationMonths: 36 })).statusCode).toBe(200);
    const all = await versions();
    expect(all.map((version) => version.label)).toEqual(['v1.0 - 21/09/2025', 'v1.1 - 26/11/2026']);
    expect(all[1]!.body).toContain('36 meses después de la visita');
    expect(all[1]!.body).not.toContain('24 meses después de la visita');
    expect(await privacyPdf()).toContain('v1.1 - 26/11/2026');

    // A setting the text does not mention, or the same value again: no new version.
    expect((await suite.api('PATCH', '/settings', { maxCoversPerSlot: 40 })).statusCode).toBe(200);
    expect((await suite.api('PATCH', '/settings', { retentionReservationMonths: 36 })).statusCode).toBe(200);
    expect(await versions()).toHaveLength(2);

    // The owner's details are in the text too.
    expect((await suite.api('PATCH', '/settings', { legalName: 'Casa Versiones SL' })).statusCode).toBe(200);
    const latest = (await versions()).at(-1)!;
    expect(latest.label).toBe('v1.2 - 26/11/2026');
    expect(latest.body).toContain('Casa Versiones SL');

    const after = await book('irene.after@example.com');
    expect(after).toMatchObject({ versionPolitica: 'v1.2 - 26/11/2026', policyVersionId: latest.id });
    // A consent keeps the version it was given under.
    const [kept] = await db().select().from(consentimientos).where(eq(consentimientos.id, before.id));
    expect(kept).toMatchObject({ versionPolitica: 'v1.0 - 21/09/2025', policyVersionId: all[0]!.id });
  });

  it("puts the accepted texts word for word in the guest's export", async () => {
    const consent = await book('irene.export@example.com');
    const [booking] = await db().select({ guestId: reservations.guestId }).from(reservations).where(eq(reservations.id, consent.reservationId!));
    const file = (await suite.api('GET', `/guests/${booking!.guestId}/export`)).json();
    const [version] = await db().select().from(policyVersions).where(eq(policyVersions.id, consent.policyVersionId!));
    expect(file.consents).toMatchObject([{ policyVersion: version!.label }]);
    expect(file.policyVersions).toEqual([{ label: version!.label, language: 'es', since: version!.createdAt.toISOString(), text: version!.body }]);
    const summary = (await suite.api('GET', `/guests/${booking!.guestId}/export.html`)).body;
    expect(summary).toContain('Textos de la política de privacidad aceptados');
    expect(summary).toContain('Casa Versiones SL');
  });

  it('records one version when several instances see the same change at once', async () => {
    await configure(db(), { retentionAllergenMonths: 18 });
    const source = legalSourceOf(suite.app().config);
    const made = await Promise.all(Array.from({ length: 4 }, () => refreshPolicyVersion(db(), source, clock.now())));
    expect(new Set(made.map((version) => version.id)).size).toBe(1);
    const latest = (await versions()).at(-1)!;
    expect(latest).toMatchObject({ id: made[0]!.id, label: 'v1.3 - 26/11/2026' });
    expect(latest.body).toContain('18 meses después de tu última visita');
  });

  it('names the provider of each channel and of the card guarantee while it is on, and how to stop the messages', async () => {
    const latestBody = async () => (await versions()).at(-1)!.body;
    expect(await latestBody()).toContain('No están previstas transferencias internacionales de datos; si algún proveedor');
    expect((await suite.api('PUT', '/messaging/whatsapp', WHATSAPP)).statusCode).toBe(200);
    const whatsapp = await latestBody();
    expect(whatsapp).toContain('Meta Platforms Ireland Limited (Dublín, Irlanda), que entrega los mensajes de WhatsApp');
    expect(whatsapp).toContain('Tu consentimiento para recibir los avisos por WhatsApp (art. 6.1.a RGPD)');
    expect(whatsapp).toContain('respondiendo «BAJA» o «STOP»');
    expect(whatsapp).not.toContain('Twilio');
    expect(whatsapp).not.toContain('Stripe');
    expect(whatsapp).not.toContain('si algún proveedor');

    expect((await suite.api('PUT', '/messaging/sms', SMS)).statusCode).toBe(200);
    expect(await latestBody()).toContain('recibir los avisos de tu reserva por WhatsApp o SMS');
    expect(await latestBody()).toContain('Twilio Ireland Limited');

    const rules = (await suite.api('GET', '/settings/card-guarantee')).json().rules;
    expect((await suite.api('PUT', '/settings/card-guarantee', { ...rules, enabled: true })).statusCode).toBe(200);
    expect(await latestBody()).toContain('Stripe Payments Europe, Limited');
    const label = (await versions()).at(-1)!.label;
    expect(await privacyPdf()).toContain(label);
    expect((await book('irene.canales@example.com')).versionPolitica).toBe(label);

    // Everything off again: the text is the first one's, under a new label.
    expect((await suite.api('PUT', '/settings/card-guarantee', { ...rules, enabled: false })).statusCode).toBe(200);
    for (const channel of ['whatsapp', 'sms']) expect((await suite.api('DELETE', `/messaging/${channel}`)).statusCode).toBe(200);
    const plain = await latestBody();
    expect(plain).not.toMatch(/Meta|Twilio|Stripe|BAJA/);
    expect(plain).toContain('No están previstas transferencias internacionales de datos; si algún proveedor');
  });
});
