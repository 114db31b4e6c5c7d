// The guest's private links. A token is 32 random bytes (base64url); only its SHA-256 is stored, so neither a copy
// of the database nor a backup opens a reservation. Each email that carries a link gets a token of its own, minted
// by the delivery worker just before sending (decision 012): the token itself exists nowhere but in the sent email.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { GUEST_TOKEN_BYTES } from '@shared/limits.ts';
import { formatText } from '@shared/i18n/format-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages.ts';
import { buildIcs, type CalendarStatus } from '@shared/rules/ical.ts';
import { selfServiceTokenSchema } from '@shared/schemas/self-service.ts';
import type { Executor } from '../../db/client.ts';
import { erasedLinks, guestAccessTokens, type OutboxAttachment, type OutboxLink, type restaurantConfig, reservations } from '../../db/schema.ts';
import { guestTexts } from '../../platform/guest-language.ts';
import { AppError } from '../../platform/errors.ts';
import { newLinkPlaceholder } from '../../platform/outbox.ts';
import { guestText } from '@shared/i18n/text-keys.ts';

type Config = typeof restaurantConfig.$inferSelect;
type Reservation = typeof reservations.$inferSelect;
/** What a calendar invitation needs of a reservation (a test email passes the sample one). */
export type IcsReservation = Pick<
  Reservation,
  'id' | 'reservationDate' | 'reservationTime' | 'numberOfPeople' | 'customerName' | 'status' | 'revision'
> &
  Partial<Pick<Reservation, 'language'>> & {
    /** The event it is in the guest's calendar, when a change carried another booking's (reservations' calendarIdentity). */
    calendarEvent?: CalendarIdentity;
  };

/** A calendar event's UID (from a reservation's id) and SEQUENCE. */
export interface CalendarIdentity {
  eventId: string;
  sequence: number;
}

/** A request nobody has confirmed yet is only tentative; a completed one did take place. */
const CALENDAR_STATUS: Record<Reservation['status'], CalendarStatus> = {
  pending: 'TENTATIVE',
  confirmed: 'CONFIRMED',
  completed: 'CONFIRMED',
  cancelled: 'CANCELLED',
};

/** What only the caller can supply: the guest's private link (its token minted at delivery) and the .ics. */
export interface GuestEmailExtras {
  manageUrl?: string | null;
  /** Attached to the confirmation emails only. */
  calendar?: OutboxAttachment | null;
  /** What the delivery worker mints where manageUrl (and the .ics) hold a placeholder. */
  link?: OutboxLink | null;
}

export const SELF_SERVICE_PATH = '/reserva/';

export const hashSelfServiceToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token for the reservation, stored hashed; returns the token, to be put in a link at once. */
export async function issueSelfServiceToken(tx: Executor, reservationId: string, now: Date): Promise<string> {
  const token = randomBytes(GUEST_TOKEN_BYTES).toString('base64url');
  await tx.insert(guestAccessTokens).values({ tokenHash: hashSelfServiceToken(token), reservationId, createdAt: now });
  return token;
}

/**
 * The guest's page and calendar file as same-site paths, on a fresh token: the booking form's summary links to them
 * (the answer is the only copy of the token; it works behind any proxy and from the embedded widget).
 */
export async function guestLinkPaths(tx: Executor, reservationId: string, now: Date): Promise<{ managePath: string; calendarPath: string }> {
  const token = await issueSelfServiceToken(tx, reservationId, now);
  return { managePath: `${SELF_SERVICE_PATH}${token}`, calendarPath: guestCalendarPath(token) };
}

/** The guest's .ics, served by the self-service routes. */
export const guestCalendarPath = (token: string) => `/api/public/guest-reservations/${token}/calendar.ics`;

/** At delivery: a fresh token for the reservation, or null when it no longer exists (the email is then dropped). */
export async function mintSelfServiceToken(db: Executor, reservationId: string, now: Date): Promise<string | null> {
  const [exists] = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, reservationId)).limit(1);
  return exists ? issueSelfServiceToken(db, reservationId, now) : null;
}

/** The link to the guest's page as a queued email holds it: a placeholder where the token will be minted. */
export function pendingSelfServiceLink(
  publicUrl: URL,
  reservationId: string,
  language: Language = DEFAULT_LANGUAGE,
): { manageUrl: string; link: OutboxLink } {
  const placeholder = newLinkPlaceholder();
  return { manageUrl: selfServiceUrl(publicUrl, placeholder, language), link: { kind: 'guest_page', reservationId, placeholder } };
}

/** The reservation id a token opens, or null for a malformed or unknown one; a link whose data was erased says so. */
export async function reservationIdForToken(db: Executor, token: string): Promise<string | null> {
  if (!selfServiceTokenSchema.safeParse(token).success) return null;
  const [row] = await db
    .select({ reservationId: guestAccessTokens.reservationId })
    .from(guestAccessTokens)
    .where(eq(guestAccessTokens.tokenHash, hashSelfServiceToken(token)))
    .limit(1);
  if (!row) await refuseErasedLink(db, token);
  return row?.reservationId ?? null;
}

/** Remembers the links of data being erased (by hash), so that they answer 'erased' from now on. */
export async function rememberErasedLinks(db: Executor, tokenHashes: string[], now: Date): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db
    .insert(erasedLinks)
    .values(tokenHashes.map((tokenHash) => ({ tokenHash, erasedAt: now })))
    .onConflictDoNothing();
}

/** A token no data answers to any more: 410 and the reason, if its data was erased at the guest's request. */
export async function refuseErasedLink(db: Executor, token: string): Promise<void> {
  const [erased] = await db
    .select({ tokenHash: erasedLinks.tokenHash })
    .from(erasedLinks)
    .where(eq(erasedLinks.tokenHash, hashSelfServiceToken(token)))
    .limit(1);
  if (erased) throw new AppError(410, 'link_erased', guestText('common.linkErased'));
}

/** The guest's page, opened in their language (?lang) when it is not Spanish. */
export const selfServiceUrl = (publicUrl: URL, token: string, language: Language = DEFAULT_LANGUAGE) =>
  new URL(`${SELF_SERVICE_PATH}${token}${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`, publicUrl).toString();

/** The reservation as an iCalendar file, with the restaurant's name, address and the duration setting. */
export function reservationIcs(config: Config, reservation: IcsReservation, publicUrl: URL, now: Date, pageUrl?: string): string {
  const language = reservation.language ?? DEFAULT_LANGUAGE;
  const g = guestTexts(language).selfService;
  return buildIcs({
    uid: `${reservation.calendarEvent?.eventId ?? reservation.id}@${publicUrl.hostname}`,
    stamp: now,
    date: reservation.reservationDate,
    time: reservation.reservationTime,
    durationMinutes: config.reservationDurationMinutes,
    summary: formatText(g.icsSummary, { restaurant: config.name }, language),
    location: config.address,
    description: formatText(g.icsDescription, { people: reservation.numberOfPeople, name: reservation.customerName }, language),
    url: pageUrl ?? null,
    status: CALENDAR_STATUS[reservation.status],
    sequence: reservation.calendarEvent?.sequence ?? reservation.revision,
  });
}

export function icsAttachment(ics: string, language: Language = DEFAULT_LANGUAGE): OutboxAttachment {
  return {
    filename: guestTexts(language).reservation.summary.calendarFileName,
    contentType: 'text/calendar; method=PUBLISH; charset=UTF-8',
    contentBase64: Buffer.from(ics, 'utf8').toString('base64'),
  };
}

/**
 * The link for one guest email (minted at delivery) and, for a confirmation (or whenever `withCalendar`: a
 * modification), the .ics. Null publicUrl (a caller that has none) gives an email without either.
 */
export function guestEmailExtras(
  config: Config,
  reservation: Reservation & Pick<IcsReservation, 'calendarEvent'>,
  publicUrl: URL | null | undefined,
  now: Date,
  withCalendar = reservation.status === 'confirmed',
): GuestEmailExtras {
  if (!publicUrl || !reservation.customerEmail) return {};
  const { manageUrl, link } = pendingSelfServiceLink(publicUrl, reservation.id, reservation.language);
  const calendar = withCalendar ? icsAttachment(reservationIcs(config, reservation, publicUrl, now, manageUrl), reservation.language) : null;
  return { manageUrl, calendar, link };
}
