import { useId } from 'react';
import { CalendarPlus } from 'lucide-react';
import { madridNowTime, madridToday } from '@shared/rules/madrid-time';
import { formatLongDate } from '@shared/rules/templates';
import type { SelfServiceView } from '@shared/schemas/self-service';
import type { ReservationStatus } from '@shared/schemas/reservation';
import { RestaurantText } from '@web/components/restaurant-text';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useSelfServiceView } from './api/get-self-service-view';
import { CancelDialog } from './cancel-dialog';
import { CardGuaranteeSection } from './card-guarantee-section';
import { ChangeForm } from './change-form';
import { GuestDataSection } from './guest-data-section';
import { useSelfServiceTexts } from './use-self-service-texts';
import { telHref } from '@shared/rules/phone-link';

const STATUS_VARIANT: Record<ReservationStatus, 'warning' | 'success' | 'danger' | 'info'> = {
  pending: 'warning',
  confirmed: 'success',
  cancelled: 'danger',
  completed: 'info',
};

/** The guest's private page: the booking, its status, and what the guest may still do with it. */
export function SelfServicePanel({ token }: { token: string }) {
  const text = useSelfServiceTexts();
  const query = useSelfServiceView(token);

  if (query.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {text.loading}
      </div>
    );
  }
  if (query.isError) {
    const notFound = 'status' in query.error && query.error.status === 404;
    return (
      <div role="alert" className="space-y-3">
        <h1 className="text-2xl font-bold">{text.title}</h1>
        <p>{notFound ? text.notFound : query.error.message || text.loadFailed}</p>
      </div>
    );
  }
  return <SelfServiceDetails token={token} data={query.data} />;
}

function SelfServiceDetails({ token, data }: { token: string; data: SelfServiceView }) {
  const text = useSelfServiceTexts();
  const { texts, language, format } = useGuestLanguage();
  const policyId = useId();
  const { reservation, restaurant } = data;
  const deadline = new Date(data.cancelDeadline);
  const deadlineText = { date: formatLongDate(madridToday(deadline), language), time: madridNowTime(deadline) };
  const active = reservation.status === 'pending' || reservation.status === 'confirmed';
  const statusLabel = reservation.replacedByChange
    ? text.replacedByChange
    : reservation.status === 'cancelled' && reservation.cancelledBy === 'guest'
      ? text.cancelledByGuest
      : texts.reservationStatus[reservation.status];

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{restaurant.name}</p>
        <h1 className="text-2xl font-bold">{text.title}</h1>
      </div>

      <section aria-label={text.title} className="rounded-lg border bg-card p-4 shadow-sm sm:p-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-muted-foreground">{text.status}</dt>
          <dd>
            <Badge variant={STATUS_VARIANT[reservation.status]} data-testid="guest-status">
              {statusLabel}
            </Badge>
          </dd>
          <dt className="text-muted-foreground">{text.date}</dt>
          <dd className="first-letter:uppercase">{formatLongDate(reservation.reservationDate, language)}</dd>
          <dt className="text-muted-foreground">{text.time}</dt>
          <dd>{reservation.reservationTime}</dd>
          <dt className="text-muted-foreground">{text.people}</dt>
          <dd>{reservation.numberOfPeople}</dd>
        </dl>
        {reservation.status !== 'cancelled' && (
          <div className="mt-4">
            <Button variant="outline" asChild>
              <a href={data.icsUrl} download={texts.reservation.summary.calendarFileName}>
                <CalendarPlus aria-hidden="true" />
                {text.calendar}
              </a>
            </Button>
          </div>
        )}
      </section>

      {active && (
        <section aria-labelledby={`${policyId}-title`} className="space-y-3 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
          <h2 id={`${policyId}-title`} className="text-lg font-semibold">
            {text.policyTitle}
          </h2>
          <RestaurantText text={data.cancellationPolicy} inSpanish={data.cancellationPolicyInSpanish} className="text-sm" />
          <p id={policyId} className="text-sm text-muted-foreground">
            {format(data.canCancel ? text.cancelUntil : text.cancelClosed, deadlineText)}
          </p>
          {data.guarantee && <CardGuaranteeSection guarantee={data.guarantee} people={reservation.numberOfPeople} />}
          <CancelDialog
            token={token}
            disabled={!data.canCancel}
            describedBy={policyId}
            guarantee={data.guarantee}
            people={reservation.numberOfPeople}
          />
        </section>
      )}

      {data.canRequestChange && (
        <section aria-labelledby="guest-change-title" className="space-y-3 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
          <h2 id="guest-change-title" className="text-lg font-semibold">
            {text.change}
          </h2>
          <ChangeForm token={token} people={reservation.numberOfPeople} />
        </section>
      )}

      <GuestDataSection token={token} />

      {(restaurant.phones.length > 0 || restaurant.address) && (
        <aside aria-label={text.contact} className="rounded-lg bg-muted p-4 text-sm">
          {restaurant.address && <p>{restaurant.address}</p>}
          {restaurant.phones.map((phone) => (
            <p key={phone}>
              {/* A line of its own, not a link inside a sentence: 24 px tall at least (WCAG 2.5.8). */}
              <a className="inline-flex min-h-6 items-center whitespace-nowrap underline" href={telHref(phone)}>
                {phone}
              </a>
            </p>
          ))}
        </aside>
      )}
    </div>
  );
}
