import type { PublicCardGuarantee } from '@shared/schemas/card-guarantee';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { useBookingCalendar } from './api/get-booking-calendar';
import { fallbackCalendar } from './booking-date-field';
import { BookingForm } from './booking-form';

/**
 * The landing page's reservation region; without the calendar the form works with the fallback one.
 * `guarantee`: the public settings' card guarantee (issue 45); the form shows its policy when a booking needs it.
 */
export function BookingSection({
  isLoading,
  guarantee = null,
  initialDate,
}: {
  isLoading: boolean;
  guarantee?: PublicCardGuarantee | null | undefined;
  initialDate?: string;
}) {
  const text = useGuestTexts().texts.reservation.form;
  const calendar = useBookingCalendar();
  const loading = isLoading || calendar.isPending;

  return (
    <section
      aria-labelledby="booking-title"
      aria-busy={loading}
      className="rounded-lg border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="booking-title" className="mb-4 text-xl font-semibold">
        {text.title}
      </h2>
      {loading ? (
        <p className="text-muted-foreground">{text.loading}</p>
      ) : (
        <BookingForm calendar={calendar.data ?? fallbackCalendar()} guarantee={guarantee} initialDate={initialDate} />
      )}
    </section>
  );
}
