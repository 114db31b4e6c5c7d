import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeatTablesInput, SeatTablesResult } from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { reservationTablesQueryKey } from './get-reservation-tables';

export interface SeatReservationInput {
  reservationId: string;
  tableIds: string[];
}

/** PUT /api/admin/reservations/:id/tables: replaces the reservation's tables (none = unseated); warnings to show. */
export function seatReservation({ reservationId, tableIds }: SeatReservationInput): Promise<SeatTablesResult> {
  return apiFetch<SeatTablesResult>(`/api/admin/reservations/${encodeURIComponent(reservationId)}/tables`, {
    method: 'PUT',
    body: { tableIds } satisfies SeatTablesInput,
  });
}

export function useSeatReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seatReservation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationTablesQueryKey }),
  });
}
