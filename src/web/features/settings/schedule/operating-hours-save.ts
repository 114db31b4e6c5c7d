import { useCallback } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { staffMessages } from '@shared/staff-messages';
import { operatingHoursMessages } from '@shared/staff-messages/settings';
import type { OperatingHoursPatch } from '@shared/schemas/settings';
import { errorMessage } from '@web/lib/api';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { type ClosureChoice, ClosureDeclined } from '@web/features/reservations/closure-choice';
import { previewOperatingHours, useUpdateOperatingHours } from '../api/update-operating-hours';

const mondayText = operatingHoursMessages.mondayAlwaysClosed;

/** The 'Lunes cerrado' toast: Monday never opens (spec points 5 and 8). */
export function toastMondayClosed(): void {
  toast.error(staffMessages.admin.toasts.mondayClosed, { description: mondayText });
}

type MutateHours = ReturnType<typeof useUpdateOperatingHours>['mutateAsync'];
type AskClosure = (affected: AdminReservation[]) => Promise<ClosureChoice>;

/**
 * Saves part of one weekday without a word: a change that would leave coming bookings outside the hours is held:
 * `ask` lists them first, and staff keep them, cancel them, or go back (issue 19; rejects with ClosureDeclined).
 */
export async function saveDayHours(mutateAsync: MutateHours, ask: AskClosure, dayOfWeek: number, patch: OperatingHoursPatch): Promise<void> {
  const { affected } = await previewOperatingHours(dayOfWeek, patch);
  const choice = affected.length > 0 ? await ask(affected) : { cancelReason: null };
  await mutateAsync({ dayOfWeek, patch, choice });
}

/** The server's Spanish reason for a refused hours change, as a toast. */
export function toastHoursRefused(failure: unknown): void {
  const message = errorMessage(failure);
  if (message === mondayText) toastMondayClosed();
  else toast.error(message);
}

/**
 * Saves part of one weekday and says how it went: 'Horarios actualizados correctamente', or the server's Spanish
 * reason. Rejects on failure or going back, so a debounced field falls back to the saved value.
 */
export function useSaveDayHours(dayOfWeek: number, ask: AskClosure): (patch: OperatingHoursPatch) => Promise<void> {
  const { mutateAsync } = useUpdateOperatingHours();
  return useCallback(
    async (patch: OperatingHoursPatch) => {
      try {
        await saveDayHours(mutateAsync, ask, dayOfWeek, patch);
      } catch (failure) {
        if (!(failure instanceof ClosureDeclined)) toastHoursRefused(failure);
        throw failure;
      }
      toast.success(staffMessages.admin.toasts.hoursUpdated);
    },
    [dayOfWeek, mutateAsync, ask],
  );
}
