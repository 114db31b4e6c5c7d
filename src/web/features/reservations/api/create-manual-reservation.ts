import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ManualReservationCreated, manualReservationSchema } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { reservationsQueryKey } from './get-today-reservations';

export type ManualReservation = z.output<typeof manualReservationSchema>;

/**
 * POST /api/admin/reservations: created already confirmed. The server parses the body with the same schema, whose
 * input takes an optional string, not the null its output gives a blank email or note: those are left out.
 */
export async function createManualReservation(input: ManualReservation): Promise<ManualReservationCreated> {
  const body = { ...input, customerEmail: input.customerEmail ?? undefined, notes: input.notes ?? undefined };
  return apiFetch<ManualReservationCreated>('/api/admin/reservations', { method: 'POST', body });
}

export function useCreateManualReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationsQueryKey }),
  });
}
