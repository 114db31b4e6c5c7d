// A guest's profile page (issue 47, item 1): every booking, message, note, feedback and consent of one guest, and the
// guest's objection to the no-show risk (GDPR art. 21; decision 043).
import { z } from 'zod';
import { guestProfileMessages } from '../staff-messages/guest-profile.ts';
import type { GuestView } from './guest.ts';
import type { FeedbackChannel } from './guest-profile.ts';
import type { GuestMessageView, MessageChannel } from './messaging.ts';
import type { ArrivalStatus, ReservationStatus } from './reservation.ts';

/** PUT /api/admin/guests/:id/risk-objection: the guest objects to the no-show risk (true), or no longer does. */
export const riskObjectionSchema = z.object({ objected: z.boolean({ error: guestProfileMessages.errors.objection }) });
export type RiskObjectionInput = z.infer<typeof riskObjectionSchema>;

export interface RiskObjection {
  /** When the guest objected; null when they have not. */
  riskObjectedAt: string | null;
}

export interface GuestProfileFigures {
  visits: number;
  covers: number;
  noShows: number;
  cancellations: number;
  lateCancellations: number;
  firstVisitOn: string | null;
  lastVisitOn: string | null;
  /** People per visit, one decimal; null before a first visit. */
  averageParty: number | null;
  /** The bills entered, per visit that has one; null when none has. */
  averageTicketCents: number | null;
}

export interface GuestProfileBooking {
  id: string;
  reservationDate: string;
  reservationTime: string;
  numberOfPeople: number;
  status: ReservationStatus;
  arrivalStatus: ArrivalStatus;
  billCents: number | null;
  /** The guest's rating of this visit, 1-5, once answered. */
  rating: number | null;
}

export interface GuestProfileFeedback {
  reservationId: string;
  reservationDate: string | null;
  channel: FeedbackChannel;
  requestedAt: string;
  expiresAt: string;
  answeredAt: string | null;
  /** Unanswered and past its link's expiry. */
  expired: boolean;
  rating: number | null;
  comment: string | null;
}

export type GuestProfileMessage = GuestMessageView & { reservationId: string | null };

export interface GuestProfileConsents {
  /** The privacy policy accepted with a booking: its version and when. */
  privacy: { email: string; policyVersion: string; reservationId: string | null; at: string }[];
  /** The yes to WhatsApp or SMS (issue 46). */
  messaging: { channel: MessageChannel; phone: string; textVersion: string; reservationId: string | null; at: string }[];
  /** 'BAJA' or 'STOP': nothing more is sent to that number on that channel. */
  optOuts: { channel: MessageChannel; phone: string; keyword: string; at: string }[];
}

export interface GuestProfileMerge {
  name: string | null;
  email: string | null;
  phone: string | null;
  reservationsMoved: number;
  actorEmail: string | null;
  at: string;
}

/** GET /api/admin/guests/:id/profile. */
export interface GuestProfilePage extends RiskObjection {
  /** Contact, note, tags and allergens, as the guest dialog's forms edit them. */
  guest: GuestView;
  name: string | null;
  figures: GuestProfileFigures;
  /** Newest first. */
  bookings: GuestProfileBooking[];
  /** Both directions, newest first. */
  messages: GuestProfileMessage[];
  /** Answered and unanswered requests, newest first. */
  feedback: GuestProfileFeedback[];
  consents: GuestProfileConsents;
  /** Profiles joined into this one ('Unir clientes'), newest first. */
  merges: GuestProfileMerge[];
}
