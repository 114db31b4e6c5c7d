import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayNameSchema } from '@shared/schemas/team';
import { apiFetch } from '@web/lib/api';

// The member's own name (issue 52): /api/admin/account/name.
const nameKey = ['account', 'name'] as const;

export function useDisplayName() {
  return useQuery({ queryKey: nameKey, queryFn: ({ signal }) => apiFetch('/api/admin/account/name', { schema: displayNameSchema, signal }) });
}

export function useSetDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch('/api/admin/account/name', { method: 'PUT', body: { name }, schema: displayNameSchema }),
    onSuccess: (answer) => queryClient.setQueryData(nameKey, answer),
  });
}
