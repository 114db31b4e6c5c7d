import { useId } from 'react';
import { messages } from '@shared/messages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { TimeBlocksForm } from './time-blocks-form';
import { TimeBlocksList } from './time-blocks-list';

const text = messages.admin.settings.timeBlocks;

/** 'Bloqueos de horario' (spec point 2): a span of one date closed to bookings, with the list of those set. */
export function TimeBlocksPanel() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{text.title}</h2>
        </CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <TimeBlocksForm />
        <TimeBlocksList />
      </CardContent>
    </Card>
  );
}
