// Guests as people the restaurant knows (issue 47): the 'Clientes' list, its segments and the feedback after a visit.
import { z } from 'zod';
import { guestListMessages } from '../staff-messages/guest-list.ts';
import { MESSAGE_CHANNELS } from './messaging.ts';

/** How the request for a rating went: by email, or by the channel the guest chose for their booking. */
export const FEEDBACK_CHANNELS = ['email', ...MESSAGE_CHANNELS] as const;
export type FeedbackChannel = (typeof FEEDBACK_CHANNELS)[number];

/** The list's filter buttons: 'Habituales', 'Nuevos', 'Perdidos', 'VIP', 'Con no-shows'. */
export const GUEST_SEGMENTS = ['regulars', 'new', 'lost', 'vip', 'noShows'] as const;
export type GuestSegment = (typeof GUEST_SEGMENTS)[number];

export const GUEST_SORTS = ['name', 'visits', 'covers', 'noShows', 'cancellations', 'lastVisit', 'averageParty', 'spend'] as const;
export type GuestSort = (typeof GUEST_SORTS)[number];

export const GUEST_LIST_PAGE_SIZE = 50;
export const GUEST_SEARCH_MAX = 100;
/** Pages beyond this are refused: 500,000 guests in pages of 50. */
export const GUEST_LIST_PAGE_MAX = 10_000;

/** GET /api/admin/guests: search, segment, order and page. */
export const guestListQuerySchema = z.object({
  q: z.string({ error: guestListMessages.errors.search }).trim().max(GUEST_SEARCH_MAX, guestListMessages.errors.search).default(''),
  segment: z.enum(GUEST_SEGMENTS, { error: guestListMessages.errors.segment }).optional(),
  sort: z.enum(GUEST_SORTS, { error: guestListMessages.errors.sort }).default('lastVisit'),
  dir: z.enum(['asc', 'desc'], { error: guestListMessages.errors.sort }).default('desc'),
  page: z.coerce.number({ error: guestListMessages.errors.page }).int(guestListMessages.errors.page).min(1, guestListMessages.errors.page).max(GUEST_LIST_PAGE_MAX, guestListMessages.errors.page).default(1),
});
export type GuestListQuery = z.infer<typeof guestListQuerySchema>;

export interface GuestListItem {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  visits: number;
  covers: number;
  noShows: number;
  cancellations: number;
  lastVisitOn: string | null;
  /** People per visit, one decimal; null before a first visit. */
  averageParty: number | null;
  /** The bills entered for the guest's visits; null when none has one. */
  spendCents: number | null;
  tags: string[];
  allergens: string[];
}

export interface GuestList {
  items: GuestListItem[];
  /** Guests matching the search and segment. */
  total: number;
  page: number;
  pageSize: number;
  /** Each segment's count among the guests matching the search. */
  segments: Record<GuestSegment, number>;
}

/** POST /api/admin/guests/:id/merge: the other profile, joined into this one. */
export const guestMergeSchema = z.object({ otherGuestId: z.uuid({ error: guestListMessages.merge.errors.invalid }) });

export interface GuestMergeResult {
  keptGuestId: string;
  mergedGuestId: string;
  reservationsMoved: number;
}

/** GET /api/admin/guests/:id/duplicates: a profile that may be the same person, and what they share. */
export interface GuestDuplicate {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  visits: number;
  lastVisitOn: string | null;
  matchedBy: 'phone' | 'email';
}
