import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportMapping, ImportMappingInput } from '@shared/schemas/import';
import { apiFetch } from '@web/lib/api';
import { importsQueryKey } from './imports';

// Configuración › Importar (issue 49): the owner's saved mappings ('Asignación guardada'), one per export format.

const MAPPINGS_URL = '/api/admin/imports/mappings';
const mappingsQueryKey = [...importsQueryKey, 'mappings'] as const;

export function useImportMappings() {
  return useQuery({ queryKey: mappingsQueryKey, queryFn: ({ signal }) => apiFetch<ImportMapping[]>(MAPPINGS_URL, { signal }) });
}

/** A mapping of the same name is replaced. */
export function useSaveImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportMappingInput) => apiFetch<ImportMapping>(MAPPINGS_URL, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingsQueryKey }),
  });
}

export function useRemoveImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<undefined>(`${MAPPINGS_URL}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingsQueryKey }),
  });
}
