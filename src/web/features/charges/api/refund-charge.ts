import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargeSummary } from '@shared/schemas/guarantee-summary';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** POST /api/admin/payment-charges/:id/refund. */
export function refundCharge(chargeId: string): Promise<ChargeSummary> {
  return apiFetch<ChargeSummary>(`/api/admin/payment-charges/${encodeURIComponent(chargeId)}/refund`, { method: 'POST' });
}

export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundCharge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKey('reservations') }),
  });
}
