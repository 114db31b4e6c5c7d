import type { WaitlistJoined } from '@shared/schemas/waitlist';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';
import { type PartySummary, SummaryCard } from './summary-card';

export interface JoinedSummary extends WaitlistJoined, PartySummary {}

/** The waitlist entry just made (issue 50), like a booking's summary: the party, 'Lista de espera' and its page. */
export function WaitlistSummary({ joined, onClose }: { joined: JoinedSummary; onClose(): void }) {
  const text = useGuestTexts().texts.waitlist;
  return (
    <SummaryCard
      titleId="waitlist-summary-title"
      title={text.joinedTitle}
      party={joined}
      status={text.summary.status}
      link={joined.managePath ? { href: joined.managePath, label: text.summary.manage } : null}
      onClose={onClose}
    >
      <p className="text-sm">{text.joinedDescription}</p>
    </SummaryCard>
  );
}
