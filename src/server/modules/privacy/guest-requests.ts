// The guest's own requests from the reservation's private page (issue 24): 'Descargar mis datos' emails the export to
// the booking's address; 'Borrar mis datos' emails a confirmation link (single use, expiring) whose page erases.
// The private link proves only that its holder received the booking's emails, so both answers go to that address.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, gte, inArray, isNull } from 'drizzle-orm';
import { guestText } from '@shared/i18n/text-keys.ts';
import { ERASURE_LINK_HOURS, GUEST_DATA_REQUESTS_PER_HOUR, GUEST_TOKEN_BYTES } from '@shared/limits.ts';
import type { ErasureLinkView } from '@shared/schemas/privacy.ts';
import type { Executor } from '../../db/client.ts';
import { emailOutbox, erasureRequests, type OutboxLink, reservations } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { enqueueEmail } from '../../platform/outbox.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { getRestaurantConfig } from '../settings/service.ts';
import { hashSelfServiceToken, reservationIdForToken } from '../private-links/service.ts';
import { erasureConfirmationEmail, exportEmail } from './guest-emails.ts';
import { stillToCome } from './erasure-queries.ts';
import { eraseGuest, exportGuest } from './guest-data.ts';
import { exportSummaryHtml } from './export-summary.ts';

const HOUR_MS = 60 * 60_000;
const EXPORT_KIND = 'guest_data_export';

type ErasureLink = Extract<OutboxLink, { kind: 'data_erasure' }>;

/** The reservation the private link opens, with the guest it belongs to; refusals in the guest's words. */
async function bookingOfLink(db: Executor, token: string) {
  const id = await reservationIdForToken(db, token);
  const [row] = id ? await db.select().from(reservations).where(eq(reservations.id, id)) : [];
  if (!row) throw notFound(guestText('selfService.errors.notFound'));
  if (row.erasedAt) throw conflict('already_erased', guestText('guestData.errors.alreadyErased'));
  if (!row.customerEmail || !row.guestId) throw conflict('no_email', guestText('guestData.errors.noEmail'));
  return { ...row, customerEmail: row.customerEmail, guestId: row.guestId };
}

const tooMany = () => new AppError(429, 'rate_limited', guestText('guestData.errors.tooMany'));

/** 'Descargar mis datos': the export (JSON and the readable summary) attached to an email to the booking's address. */
export async function emailGuestExport(deps: ServiceDeps, token: string): Promise<void> {
  const booking = await bookingOfLink(deps.db, token);
  const now = deps.clock.now();
  const since = new Date(now.getTime() - HOUR_MS);
  const [recent] = await deps.db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.reservationId, booking.id), eq(emailOutbox.kind, EXPORT_KIND), gte(emailOutbox.createdAt, since)));
  if ((recent?.n ?? 0) >= GUEST_DATA_REQUESTS_PER_HOUR) throw tooMany();
  const file = await exportGuest(deps, booking.guestId, { email: null, byGuest: true });
  const config = await getRestaurantConfig(deps.db);
  await deps.db.transaction((tx) =>
    enqueueEmail(tx, {
      ...exportEmail(config, booking, JSON.stringify(file, null, 2), exportSummaryHtml(file, config.name, booking.language)),
      kind: EXPORT_KIND,
      reservationId: booking.id,
    }, now),
  );
}

/** 'Borrar mis datos': a confirmation link to the booking's address; nothing is erased until it is opened. */
export async function emailErasureLink(deps: ServiceDeps, token: string): Promise<void> {
  const booking = await bookingOfLink(deps.db, token);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(erasureRequests)
      .where(and(eq(erasureRequests.reservationId, booking.id), gte(erasureRequests.createdAt, new Date(now.getTime() - HOUR_MS))));
    if ((recent?.n ?? 0) >= GUEST_DATA_REQUESTS_PER_HOUR) throw tooMany();
    const expiresAt = new Date(now.getTime() + ERASURE_LINK_HOURS * HOUR_MS);
    const [request] = await tx.insert(erasureRequests).values({ id: randomUUID(), reservationId: booking.id, expiresAt, createdAt: now }).returning();
    const config = await getRestaurantConfig(tx);
    await enqueueEmail(tx, { ...erasureConfirmationEmail(config, booking, request!, deps.publicUrl), reservationId: booking.id }, now);
  });
}

/** At delivery: the link's token, its hash kept on the request; null (email dropped) once used or expired. */
export async function mintErasureToken(db: Executor, link: ErasureLink, now: Date): Promise<string | null> {
  const token = randomBytes(GUEST_TOKEN_BYTES).toString('base64url');
  const [updated] = await db
    .update(erasureRequests)
    .set({ tokenHash: hashSelfServiceToken(token) })
    .where(and(eq(erasureRequests.id, link.requestId), gte(erasureRequests.expiresAt, now), isNull(erasureRequests.usedAt)))
    .returning({ id: erasureRequests.id });
  // A used request keeps the hash of the link that used it: a late copy of the email must not make that link unknown.
  return updated ? token : null;
}

/** The request a confirmation link opens, checked: unknown, used and expired links each say so. */
async function requestOfLink(tx: Executor, token: string, now: Date, lock: boolean) {
  const query = tx.select().from(erasureRequests).where(eq(erasureRequests.tokenHash, hashSelfServiceToken(token)));
  const [request] = lock ? await query.for('update') : await query;
  if (!request) throw notFound(guestText('guestData.errors.linkNotFound'));
  if (request.usedAt) throw new AppError(410, 'link_used', guestText('guestData.errors.linkUsed'));
  if (request.expiresAt.getTime() <= now.getTime()) throw new AppError(410, 'link_expired', guestText('guestData.errors.linkExpired'));
  const [booking] = await tx.select().from(reservations).where(eq(reservations.id, request.reservationId));
  if (!booking || booking.erasedAt || !booking.guestId) throw new AppError(410, 'already_erased', guestText('guestData.errors.alreadyErased'));
  return { request, guestId: booking.guestId };
}

/** The confirmation page: the restaurant, and how many coming bookings the erasure would cancel. */
export async function erasureLinkView({ db, clock }: ServiceDeps, token: string): Promise<ErasureLinkView> {
  const now = clock.now();
  const { request, guestId } = await requestOfLink(db, token, now, false);
  const [upcoming] = await db
    .select({ n: count() })
    .from(reservations)
    .where(and(eq(reservations.guestId, guestId), inArray(reservations.status, ['pending', 'confirmed']), stillToCome(now)));
  return { restaurant: (await getRestaurantConfig(db)).name, upcoming: upcoming?.n ?? 0, expiresAt: request.expiresAt.toISOString() };
}

/** Confirms: the request is used up and the guest erased, in one transaction (a second tap finds it used). */
export async function confirmErasure(deps: ServiceDeps, token: string, emlDir: string): Promise<{ erased: true }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { request, guestId } = await requestOfLink(tx, token, now, true);
    await tx.update(erasureRequests).set({ usedAt: now }).where(eq(erasureRequests.id, request.id));
    await eraseGuest({ ...deps, db: tx }, guestId, { email: null, byGuest: true }, emlDir);
  });
  return { erased: true };
}
