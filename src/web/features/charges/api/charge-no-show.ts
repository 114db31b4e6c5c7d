import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargeSummary } from '@shared/schemas/guarantee-summary';
import type { NoShowCharge } from '@shared/schemas/no-show-charge';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

export interface NoShowChargeVariables {
  reservationId: string;
  people: number;
}

/** POST /api/admin/reservations/:id/no-show-charge. */
export function chargeNoShow({ reservationId, people }: NoShowChargeVariables): Promise<ChargeSummary> {
  return apiFetch<ChargeSummary>(`/api/admin/reservations/${encodeURIComponent(reservationId)}/no-show-charge`, {
    method: 'POST',
    body: { people } satisfies NoShowCharge,
  });
}

/** A declined charge is an error too, and changes the list (the row shows why): both refresh the lists. */
export function useChargeNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chargeNoShow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKey('reservations') }),
  });
}
