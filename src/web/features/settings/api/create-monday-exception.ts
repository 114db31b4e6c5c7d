import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mondayExceptionSchema, type MondayException } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { mondayExceptionsQueryKey } from './get-monday-exceptions';

export interface CreateMondayExceptionInput {
  date: string;
  reason?: string | undefined;
}

/** POST /api/admin/monday-exceptions: opens that Monday (201). */
export function createMondayException(input: CreateMondayExceptionInput): Promise<MondayException> {
  return apiFetch('/api/admin/monday-exceptions', { method: 'POST', body: input, schema: mondayExceptionSchema });
}

export function useCreateMondayException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMondayException,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mondayExceptionsQueryKey }),
  });
}
