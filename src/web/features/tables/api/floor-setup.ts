import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Combination,
  combinationSchema,
  type NewCombinationInput,
  type Zone,
  type ZonePatch,
  zoneSchema,
} from '@shared/schemas/table';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

// Zones and combinations of the floor (issue 21): read by everyone on the map, changed by owners and managers.

export const zonesQueryKey = liveKey('zones');
export const combinationsQueryKey = liveKey('table_combinations');

export function useZones() {
  return useQuery({
    queryKey: zonesQueryKey,
    queryFn: ({ signal }) => apiFetch<Zone[]>('/api/admin/zones', { schema: z.array(zoneSchema), signal }),
  });
}

export function useCombinations() {
  return useQuery({
    queryKey: combinationsQueryKey,
    queryFn: ({ signal }) => apiFetch<Combination[]>('/api/admin/table-combinations', { schema: z.array(combinationSchema), signal }),
    meta: { liveTables: ['tables'] },
  });
}

type FloorChange =
  | { kind: 'addZone'; name: string; onlineBookable: boolean }
  | { kind: 'updateZone'; id: string; patch: ZonePatch }
  | { kind: 'deleteZone'; id: string }
  | { kind: 'addCombination'; input: NewCombinationInput }
  | { kind: 'deleteCombination'; id: string };

function send(change: FloorChange): Promise<unknown> {
  switch (change.kind) {
    case 'addZone':
      return apiFetch('/api/admin/zones', { method: 'POST', body: { name: change.name, onlineBookable: change.onlineBookable } });
    case 'updateZone':
      return apiFetch(`/api/admin/zones/${change.id}`, { method: 'PATCH', body: change.patch });
    case 'deleteZone':
      return apiFetch(`/api/admin/zones/${change.id}`, { method: 'DELETE' });
    case 'addCombination':
      return apiFetch('/api/admin/table-combinations', { method: 'POST', body: change.input });
    case 'deleteCombination':
      return apiFetch(`/api/admin/table-combinations/${change.id}`, { method: 'DELETE' });
  }
}

/** One mutation for every zone and combination change; both lists are asked again after each. */
export function useFloorChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: zonesQueryKey });
      await queryClient.invalidateQueries({ queryKey: combinationsQueryKey });
    },
  });
}
