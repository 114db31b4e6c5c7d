import { useId } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatMessage, messages } from '@shared/messages';
import type { TimeBlock } from '@shared/schemas/settings';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatLongDate } from '@web/features/today/format';
import { errorMessage } from '@web/lib/api';
import { useDeleteTimeBlock } from './api/delete-time-block';
import { useTimeBlocks } from './api/get-time-blocks';

const text = messages.admin.settings.timeBlocks;

/** Every time block by date and start, each with its delete button. */
export function TimeBlocksList() {
  const blocks = useTimeBlocks();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t pt-4">
      <h3 id={headingId} className="font-semibold">
        {text.listTitle}
      </h3>
      {blocks.isPending ? (
        <Spinner className="text-muted-foreground" />
      ) : blocks.error ? (
        <p role="alert" className="text-sm text-destructive">
          {text.loadError}: {errorMessage(blocks.error)}
        </p>
      ) : blocks.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.empty}</p>
      ) : (
        <ul className="divide-y">
          {blocks.data.map((block) => (
            <TimeBlockRow key={block.id} block={block} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TimeBlockRow({ block }: { block: TimeBlock }) {
  const remove = useDeleteTimeBlock();
  const longDate = formatLongDate(block.date);
  const range = formatMessage(text.range, { start: block.startTime, end: block.endTime });
  const onDelete = () =>
    remove.mutate(block.id, {
      onSuccess: () => toast.success(text.deleted, { description: `${longDate}, ${range}` }),
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  return (
    <li className="flex items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="font-medium first-letter:uppercase">{longDate}</p>
        <p className="text-sm tabular-nums">{range}</p>
        {block.reason && <p className="break-words text-sm text-muted-foreground">{block.reason}</p>}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={formatMessage(text.deleteLabel, { date: longDate, start: block.startTime, end: block.endTime })}
        disabled={remove.isPending}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
