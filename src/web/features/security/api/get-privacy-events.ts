import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type PrivacyEvent, privacyEventSchema } from '@shared/schemas/privacy';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Under privacy_events, whose live changes (an export, an erasure, on any instance) refresh the list. */
export const privacyEventsQueryKey = liveKey('privacy_events');

const privacyEventListSchema = z.array(privacyEventSchema);

/** GET /api/admin/security/privacy-events: the latest exports and erasures of guests' data, newest first. */
export function getPrivacyEvents(signal?: AbortSignal): Promise<PrivacyEvent[]> {
  return apiFetch('/api/admin/security/privacy-events', { schema: privacyEventListSchema, signal });
}

export const privacyEventsQueryOptions = () =>
  queryOptions({ queryKey: privacyEventsQueryKey, queryFn: ({ signal }) => getPrivacyEvents(signal) });

export function usePrivacyEvents() {
  return useQuery(privacyEventsQueryOptions());
}
