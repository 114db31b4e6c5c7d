import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatingHoursSchema, type OperatingHours, type OperatingHoursPatch } from '@shared/schemas/settings';
import { apiFetch } from '@web/lib/api';
import { operatingHoursQueryKey } from './get-operating-hours';

export interface UpdateOperatingHoursInput {
  dayOfWeek: number;
  patch: OperatingHoursPatch;
}

/** PATCH /api/admin/operating-hours/:day with the changed fields only; answers the saved row. */
export function updateOperatingHours({ dayOfWeek, patch }: UpdateOperatingHoursInput): Promise<OperatingHours> {
  return apiFetch(`/api/admin/operating-hours/${dayOfWeek}`, { method: 'PATCH', body: patch, schema: operatingHoursSchema });
}

export function useUpdateOperatingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperatingHours,
    onSuccess: (row) =>
      queryClient.setQueryData<OperatingHours[]>(operatingHoursQueryKey, (rows) =>
        rows?.map((current) => (current.dayOfWeek === row.dayOfWeek ? row : current)),
      ),
  });
}
