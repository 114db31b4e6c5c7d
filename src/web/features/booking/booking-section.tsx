import { messages } from '@shared/messages';

/**
 * Placeholder for the public reservation form, which a later issue builds here. It already owns
 * the landing page's "Reserva" region and its loading state.
 */
export function BookingSection({ isLoading }: { isLoading: boolean }) {
  return (
    <section aria-label="Reserva" aria-busy={isLoading} className="rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      {isLoading ? (
        <p className="text-muted-foreground">{messages.reservation.form.loading}</p>
      ) : (
        <p>Muy pronto podrás solicitar tu reserva desde aquí.</p>
      )}
    </section>
  );
}
