import { toast } from 'sonner';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { MondayException } from '@shared/schemas/settings';
import { formatLongDate } from '@web/lib/format';
import { errorMessage } from '@web/lib/api';
import { useDeleteMondayException } from '../api/delete-monday-exception';
import { useMondayExceptions } from '../api/get-monday-exceptions';
import { DatedList, DatedRow } from './dated-list';

const text = staffMessages.admin.mondayExceptions;

/** The Mondays opened from today on, each with its reason and a button that closes it again. */
export function MondayExceptionsList() {
  return (
    <DatedList title={text.listTitle} query={useMondayExceptions()} loadError={text.loadError} empty={text.empty}>
      {(exception) => <MondayExceptionRow key={exception.id} exception={exception} />}
    </DatedList>
  );
}

function MondayExceptionRow({ exception }: { exception: MondayException }) {
  const remove = useDeleteMondayException();
  const longDate = formatLongDate(exception.date);
  const onDelete = () =>
    remove.mutate(exception.id, {
      onSuccess: () => toast.success(staffMessages.admin.toasts.mondayDisabled, { description: longDate }),
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  return (
    <DatedRow
      longDate={longDate}
      deleteLabel={formatMessage(text.deleteLabel, { date: longDate })}
      deleting={remove.isPending}
      onDelete={onDelete}
    >
      {exception.reason && <p className="break-words text-sm text-muted-foreground">{exception.reason}</p>}
    </DatedRow>
  );
}
