import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatingHoursSchema, type OperatingHours } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { liveKey } from '@web/lib/live-key';

/** Starts with the table name so that a live change of operating_hours invalidates it. */
export const operatingHoursQueryKey = liveKey('operating_hours', 'admin');

const operatingHoursListSchema = z.array(operatingHoursSchema);

/** The seven weekdays, Sunday (0) first. */
export function getOperatingHours(signal?: AbortSignal): Promise<OperatingHours[]> {
  return apiFetch('/api/admin/operating-hours', { schema: operatingHoursListSchema, signal });
}

export const operatingHoursQueryOptions = () =>
  queryOptions({ queryKey: operatingHoursQueryKey, queryFn: ({ signal }) => getOperatingHours(signal) });

export function useOperatingHours() {
  return useQuery(operatingHoursQueryOptions());
}
