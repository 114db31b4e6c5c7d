// The booking form through the one reload a new version of Mesa causes (decision 033): its values, and the summary
// of a booking just made, written to this tab's session storage just before it and removed as soon as the form has
// them back. Never local storage: the guest's name, email and phone are kept no longer than the reload.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PublicReservation } from '@shared/schemas/reservation';
import { onChunkReload } from '@web/lib/chunk-reload';
import type { BookedSummary } from './booking-summary';
import type { BookingFormValues } from './form-values';

const KEY = 'mesa.booking-form';

interface Kept {
  values: BookingFormValues;
  booked: BookedSummary | null;
}

/**
 * The form's last booking (its summary's state), kept through the reload with the form's values. `timesShown`: the
 * chosen day's times are listed, so that the kept time can be selected again.
 */
export function useValuesAcrossReload(
  form: UseFormReturn<BookingFormValues, unknown, PublicReservation>,
  timesShown: boolean,
): [BookedSummary | null, (booked: BookedSummary | null) => void] {
  const { getValues, reset, setValue } = form;
  const [booked, showBooked] = useState<BookedSummary | null>(null);
  // Read by the save, which can run before React has rendered a booking just made (its toast's chunk failing).
  const latestBooked = useRef<BookedSummary | null>(null);
  const setBooked = useCallback((next: BookedSummary | null) => {
    latestBooked.current = next;
    showBooked(next);
  }, []);
  const keptTime = useRef('');
  useEffect(
    () => onChunkReload(() => sessionStorage.setItem(KEY, JSON.stringify({ values: getValues(), booked: latestBooked.current } satisfies Kept))),
    [getValues],
  );
  useEffect(() => {
    try {
      const kept = sessionStorage.getItem(KEY);
      if (!kept) return;
      sessionStorage.removeItem(KEY);
      const values = JSON.parse(kept) as Kept;
      keptTime.current = values.values.reservationTime;
      reset(values.values);
      // Storage is read once the page is React's: a server-rendered /reservar has no summary to hydrate.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setBooked(values.booked);
    } catch {
      // No storage here (a sandboxed frame): there was no reload to come back from.
    }
  }, [reset, setBooked]);
  useEffect(() => {
    if (!timesShown || !keptTime.current) return;
    setValue('reservationTime', keptTime.current);
    keptTime.current = '';
  }, [timesShown, setValue]);
  return [booked, setBooked];
}
