import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type WalkInInput, type WalkInSeated, walkInProposalSchema } from '@shared/schemas/staff-reservation';
import { apiFetch } from '@web/lib/api';
import { liveKey, liveMeta } from '@web/lib/live-key';

/** Under the reservations table name, so a live change (a table taken elsewhere) asks again. */
const proposalQueryKey = (people: number) => liveKey('reservations', 'walk-in-proposal', people);

/** GET /api/admin/walk-ins/proposal: the table the capacity engine would give the party now. */
export function useWalkInProposal(people: number) {
  return useQuery({
    queryKey: proposalQueryKey(people),
    queryFn: ({ signal }) => apiFetch(`/api/admin/walk-ins/proposal?people=${people}`, { signal, schema: walkInProposalSchema }),
    staleTime: 0,
    meta: liveMeta('reservation_tables', 'tables'),
  });
}

/** POST /api/admin/walk-ins; everything is asked again after it: the lists, the covers and the table map. */
export function useSeatWalkIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WalkInInput) => apiFetch<WalkInSeated>('/api/admin/walk-ins', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
