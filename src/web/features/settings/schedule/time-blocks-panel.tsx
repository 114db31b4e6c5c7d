import { settingsMessages } from '@shared/staff-messages/settings';
import { RegionCard } from '@web/components/ui/card';
import { TimeBlocksForm } from './time-blocks-form';
import { TimeBlocksList } from './time-blocks-list';

const text = settingsMessages.timeBlocks;

/** 'Bloqueos de horario' (spec point 2): a span of one date closed to bookings, with the list of those set. */
export function TimeBlocksPanel() {
  return (
    <RegionCard title={text.title} description={text.description}>
      <TimeBlocksForm />
      <TimeBlocksList />
    </RegionCard>
  );
}
