import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { manualReservationSchema } from '@shared/schemas/reservation';
import { apiFetch } from '@web/lib/api';
import { reservationsQueryKey } from './get-today-reservations';

export type ManualReservation = z.output<typeof manualReservationSchema>;

/** POST /api/admin/reservations: created already confirmed. */
export async function createManualReservation(input: ManualReservation): Promise<void> {
  await apiFetch('/api/admin/reservations', { method: 'POST', body: input });
}

export function useCreateManualReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationsQueryKey }),
  });
}
