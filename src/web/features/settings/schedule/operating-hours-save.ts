import { useCallback } from 'react';
import { toast } from 'sonner';
import { staffMessages } from '@shared/staff-messages';
import type { OperatingHoursPatch } from '@shared/schemas/settings';
import { errorMessage } from '@web/lib/api';
import { useUpdateOperatingHours } from '../api/update-operating-hours';

const mondayText = staffMessages.admin.operatingHours.mondayAlwaysClosed;

/** The 'Lunes cerrado' toast: Monday never opens (spec points 5 and 8). */
export function toastMondayClosed(): void {
  toast.error(staffMessages.admin.toasts.mondayClosed, { description: mondayText });
}

/**
 * Saves part of one weekday and says how it went: 'Horarios actualizados correctamente', or the server's Spanish
 * reason. Rejects on failure, so a debounced field falls back to the saved value.
 */
export function useSaveDayHours(dayOfWeek: number): (patch: OperatingHoursPatch) => Promise<void> {
  const { mutateAsync } = useUpdateOperatingHours();
  return useCallback(
    async (patch: OperatingHoursPatch) => {
      try {
        await mutateAsync({ dayOfWeek, patch });
      } catch (failure) {
        const message = errorMessage(failure);
        if (message === mondayText) toastMondayClosed();
        else toast.error(message);
        throw failure;
      }
      toast.success(staffMessages.admin.toasts.hoursUpdated);
    },
    [dayOfWeek, mutateAsync],
  );
}
