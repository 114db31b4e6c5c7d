import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryView } from '@shared/schemas/waitlist';
import { apiFetch } from '@web/lib/api';

export interface BookWaitlistEntryVariables {
  id: string;
  /** 'HH:mm'; the entry's first time when left out. */
  time?: string;
}

export interface WaitlistEntryBooked {
  entry: WaitlistEntryView;
  reservationId: string;
  /** Set when the booking passed a covers maximum, or found no free table: staff booked it anyway. */
  pacingWarning: string | null;
  tableWarning: string | null;
}

/** POST /api/admin/waitlist/:id/book: a confirmed booking for the party. */
export function bookWaitlistEntry({ id, time }: BookWaitlistEntryVariables): Promise<WaitlistEntryBooked> {
  return apiFetch<WaitlistEntryBooked>(`/api/admin/waitlist/${encodeURIComponent(id)}/book`, { method: 'POST', body: { time } });
}

/** A booking changes the lists, the covers and the table map as well as the waitlist: everything is asked again. */
export function useBookWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookWaitlistEntry,
    onSettled: () => queryClient.invalidateQueries(),
  });
}
