import { useEffect, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatEuros } from '@shared/rules/money';
import type { GuestProfilePage as Profile } from '@shared/schemas/guest-profile-page';
import { guestProfileMessages as text } from '@shared/staff-messages/guest-profile';
import { HeadedSection } from '@web/components/headed-section';
import { ContactDetails } from '@web/components/icon-detail';
import { QueryState } from '@web/components/query-state';
import { Card } from '@web/components/ui/card';
import { GuestDataActions } from '@web/features/guests/guest-data-actions';
import { GuestMerge } from '@web/features/guests/guest-merge';
import { GuestNoteForm } from '@web/features/guests/guest-note-form';
import { GuestTagsForm } from '@web/features/guests/guest-tags-form';
import { formatShortDate } from '@web/lib/format';
import { useGuestProfile } from './api/get-guest-profile';
import { ConsentsSection, MergesSection } from './profile-record';
import { BookingsSection, FeedbackSection, MessagesSection } from './profile-sections';
import { RiskObjectionSwitch } from './risk-objection-switch';

/** Where 'Clientes' lists the guests: the page's way back. */
export const GUEST_LIST_HREF = '/admin?tab=clientes';

/**
 * A guest's profile page (issue 47, item 1), inside 'Clientes' at ?cliente=<id>: figures, contact, note, tags and
 * allergens, every booking, message, feedback and consent, the joined profiles and the data actions.
 */
export function GuestProfilePage({ guestId }: { guestId: string }) {
  const profile = useGuestProfile(guestId);
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={GUEST_LIST_HREF}
        className="inline-flex min-h-11 w-fit items-center gap-2 rounded-md px-1 text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {text.back}
      </Link>
      {profile.data ? <ProfileBody profile={profile.data} /> : <QueryState query={profile} />}
    </div>
  );
}

function ProfileBody({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const id = profile.guest.id;
  // A new page for the keyboard and screen readers: its title takes the focus, and the view starts at its top.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [id]);
  return (
    <article aria-labelledby={`${id}-name`} className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">{text.title}</p>
        <h3 id={`${id}-name`} ref={heading} tabIndex={-1} className="break-words text-2xl font-semibold outline-none">
          {profile.name ?? profile.guest.email ?? profile.guest.phone ?? text.noName}
        </h3>
        <dl className="flex flex-col gap-1 text-sm" aria-label={text.contact}>
          <ContactDetails phone={profile.guest.phone} email={profile.guest.email} />
        </dl>
      </header>
      <Figures profile={profile} />
      <RiskObjectionSwitch guestId={id} riskObjectedAt={profile.riskObjectedAt} />
      <Card className="flex flex-col gap-4 p-4">
        <GuestNoteForm key={`note-${id}`} guest={profile.guest} />
        <GuestTagsForm key={`tags-${id}`} guest={profile.guest} />
      </Card>
      <BookingsSection bookings={profile.bookings} />
      <FeedbackSection feedback={profile.feedback} />
      <MessagesSection messages={profile.messages} />
      <ConsentsSection consents={profile.consents} />
      <MergesSection merges={profile.merges} />
      <GuestMerge guestId={id} />
      <GuestDataActions guestId={id} onErased={() => void navigate(GUEST_LIST_HREF)} />
    </article>
  );
}

function Figures({ profile }: { profile: Profile }) {
  const f = profile.figures;
  const t = text.figures;
  const day = (value: string | null) => (value ? formatShortDate(value) : t.never);
  const items: [string, string | number][] = [
    [t.visits, f.visits],
    [t.covers, f.covers],
    [t.noShows, f.noShows],
    [t.cancellations, f.cancellations],
    [t.lateCancellations, f.lateCancellations],
    [t.firstVisit, day(f.firstVisitOn)],
    [t.lastVisit, day(f.lastVisitOn)],
    [t.averageParty, f.averageParty === null ? t.unknown : f.averageParty.toLocaleString('es-ES')],
    [t.averageTicket, f.averageTicketCents === null ? t.unknown : formatEuros(f.averageTicketCents)],
  ];
  return (
    <HeadedSection title={t.title} level={4} headingClassName="text-lg font-semibold" className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {items.map(([label, value]) => (
          <div key={label} className="flex flex-col rounded-md border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </HeadedSection>
  );
}
