import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type SensitiveChange, sensitiveChangeSchema } from '@shared/schemas/sensitive-changes';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under sensitive_changes, whose live changes (a change on any instance) refresh the list. */
export const sensitiveChangesQueryKey = liveKey('sensitive_changes');

const sensitiveChangeListSchema = z.array(sensitiveChangeSchema);

/** GET /api/admin/security/sensitive-changes (issue 41): who changed where mail goes, newest first. */
export function getSensitiveChanges(signal?: AbortSignal): Promise<SensitiveChange[]> {
  return apiFetch('/api/admin/security/sensitive-changes', { schema: sensitiveChangeListSchema, signal });
}

export function useSensitiveChanges() {
  return useQuery({ queryKey: sensitiveChangesQueryKey, queryFn: ({ signal }) => getSensitiveChanges(signal) });
}
