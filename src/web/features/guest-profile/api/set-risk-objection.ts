import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestProfilePage, RiskObjection, RiskObjectionInput } from '@shared/schemas/guest-profile-page';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';
import { guestProfileQueryKey } from './get-guest-profile';

/** PUT /api/admin/guests/:id/risk-objection. */
export function setRiskObjection(id: string, objected: boolean): Promise<RiskObjection> {
  return apiFetch(`/api/admin/guests/${encodeURIComponent(id)}/risk-objection`, { method: 'PUT', body: { objected } satisfies RiskObjectionInput });
}

/** The page takes the answer at once; the booking lists, whose risk it changes, refresh. */
export function useSetRiskObjection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (objected: boolean) => setRiskObjection(id, objected),
    onSuccess: ({ riskObjectedAt }) =>
      queryClient.setQueryData<GuestProfilePage>(guestProfileQueryKey(id), (page) => (page ? { ...page, riskObjectedAt } : page)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKey('reservations') }),
  });
}
