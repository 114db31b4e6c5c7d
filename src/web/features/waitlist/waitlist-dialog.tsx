import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { waitlistMessages } from '@shared/staff-messages/waitlist';
import { isValidDate } from '@shared/rules/madrid-time';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogHeading } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useWaitlist } from './api/get-waitlist';
import { AddEntryDialog } from './add-entry-dialog';
import { useMinuteNow } from './use-minute-now';
import { isServable, WaitlistEntryCard } from './waitlist-entry-card';
import { WaitlistEntryActions } from './waitlist-entry-actions';

const text = waitlistMessages;

interface WaitlistDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'yyyy-MM-dd' in Madrid: the date the list opens on. */
  today: string;
}

/** 'Lista de espera' (issue 23): a date's parties in order, how long each has waited, and what to do with each. */
export function WaitlistDialog({ open, onOpenChange, today }: WaitlistDialogProps) {
  // What the date field holds, and the last whole date in it: the list it shows.
  const [typed, setTyped] = useState(today);
  const [date, setDate] = useState(today);
  const [adding, setAdding] = useState(false);
  const dateId = useId();
  const showDate = (next: string) => {
    setTyped(next);
    if (isValidDate(next)) setDate(next);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeading title={text.title} description={text.description} />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <FormField id={dateId} label={text.date} className="w-full sm:w-48">
            {(props) => (
              <Input
                {...props}
                type="date"
                className="h-11"
                value={typed}
                onChange={(event) => showDate(event.target.value)}
              />
            )}
          </FormField>
          <Button className="max-sm:w-full" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {text.add}
          </Button>
        </div>
        <WaitlistEntries date={date} today={today} />
        <AddEntryDialog open={adding} onOpenChange={setAdding} date={date} today={today} onAdded={(entry) => showDate(entry.reservationDate)} />
      </DialogContent>
    </Dialog>
  );
}

function WaitlistEntries({ date, today }: { date: string; today: string }) {
  const waitlist = useWaitlist(date);
  const now = useMinuteNow();
  if (!waitlist.data) return <QueryState query={waitlist} />;
  if (waitlist.data.length === 0) return <p className="text-sm text-muted-foreground">{text.empty}</p>;
  return (
    <ul aria-label={text.title} className="flex flex-col gap-3">
      {waitlist.data.map((entry) => (
        <li key={entry.id}>
          <WaitlistEntryCard
            entry={entry}
            now={now}
            actions={isServable(entry) ? (nameId) => <WaitlistEntryActions entry={entry} today={today} describedBy={nameId} /> : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
