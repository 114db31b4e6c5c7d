import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closurePreviewSchema, type ClosurePreview } from '@shared/schemas/closures';
import { operatingHoursSchema, type OperatingHours, type OperatingHoursPatch } from '@shared/schemas/settings';
import { type ClosureChoice, closureSearch } from '@web/features/reservations/closure-choice';
import { apiFetch } from '@web/lib/api';
import { operatingHoursQueryKey } from './get-operating-hours';

export interface UpdateOperatingHoursInput {
  dayOfWeek: number;
  patch: OperatingHoursPatch;
  /** The weekday's coming bookings the new hours leave out: kept, or cancelled with a reason (issue 19). */
  choice: ClosureChoice;
}

/** PATCH /api/admin/operating-hours/:day with the changed fields only; answers the saved row. */
export function updateOperatingHours({ dayOfWeek, patch, choice }: UpdateOperatingHoursInput): Promise<OperatingHours> {
  return apiFetch(`/api/admin/operating-hours/${dayOfWeek}${closureSearch(choice)}`, { method: 'PATCH', body: patch, schema: operatingHoursSchema });
}

/** The same change, not saved: the active bookings it would leave outside the hours. */
export function previewOperatingHours(dayOfWeek: number, patch: OperatingHoursPatch): Promise<ClosurePreview> {
  return apiFetch(`/api/admin/operating-hours/${dayOfWeek}${closureSearch('preview')}`, { method: 'PATCH', body: patch, schema: closurePreviewSchema });
}

/** The lists are asked again too: cancelled bookings leave them, kept ones gain 'Fuera de horario'. */
export function useUpdateOperatingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperatingHours,
    onSuccess: (row) => {
      queryClient.setQueryData<OperatingHours[]>(operatingHoursQueryKey, (rows) =>
        rows?.map((current) => (current.dayOfWeek === row.dayOfWeek ? row : current)),
      );
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey !== operatingHoursQueryKey });
    },
  });
}
