// A second request for a stay the guest already holds (issue 41, decision 032). The refusal never carries a link:
// the page links to the booking's summary when this tab still holds it (kept in session storage, so it survives
// 'Gestionar mi reserva' opened in the same tab and Back), and otherwise says the link went by email.
import { ApiRequestError } from '@web/lib/api';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import type { BookedSummary } from './booking-summary';

const KEY = 'mesa.last-booking';

/** Keeps the last booking's summary for this tab, and gives it back. */
export function keptBooking(booked: BookedSummary): BookedSummary {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(booked));
  } catch {
    // No storage (a sandboxed frame): the refusal then says the link went by email.
  }
  return booked;
}

function heldBooking(): BookedSummary | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as BookedSummary | null;
  } catch {
    return null;
  }
}

export interface DuplicateRefusal {
  message: string;
  managePath: string | null;
  linkSent: boolean;
}

/** The refusal of an overlapping stay, with the held summary's link when it is that booking; null for any other failure. */
export function duplicateRefusal(error: unknown, date: string): DuplicateRefusal | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'duplicate_booking') return null;
  const held = heldBooking();
  const same = held?.date === date && held.time === error.fields?.existingTime;
  return { message: error.message, managePath: (same && held.managePath) || null, linkSent: error.fields?.linkSent === 'true' };
}

export function DuplicateNotice({ refusal }: { refusal: DuplicateRefusal }) {
  const { texts } = useGuestTexts();
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2">
      {refusal.message}{' '}
      {refusal.managePath ? (
        <a href={refusal.managePath} className="font-medium underline">
          {texts.reservation.summary.manage}
        </a>
      ) : (
        refusal.linkSent && texts.reservation.errors.duplicateLinkSent
      )}
    </p>
  );
}
