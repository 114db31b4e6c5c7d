import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { settingsMessages } from '@shared/staff-messages/settings';
import type { TimeBlock } from '@shared/schemas/settings';
import { formatLongDate } from '@web/lib/format';
import { errorMessage } from '@web/lib/api';
import { useDeleteTimeBlock } from '../api/delete-time-block';
import { useTimeBlocks } from '../api/get-time-blocks';
import { DatedList, DatedRow } from './dated-list';

const text = settingsMessages.timeBlocks;

/** Every time block by date and start, each with its delete button. */
export function TimeBlocksList() {
  return (
    <DatedList title={text.listTitle} query={useTimeBlocks()} loadError={text.loadError} empty={text.empty}>
      {(block) => <TimeBlockRow key={block.id} block={block} />}
    </DatedList>
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
    <DatedRow
      longDate={longDate}
      deleteLabel={formatMessage(text.deleteLabel, { date: longDate, start: block.startTime, end: block.endTime })}
      deleting={remove.isPending}
      onDelete={onDelete}
    >
      <p className="text-sm tabular-nums">{range}</p>
      {block.reason && <p className="break-words text-sm text-muted-foreground">{block.reason}</p>}
    </DatedRow>
  );
}
