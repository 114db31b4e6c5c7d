import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { mondayExceptionsMessages } from '@shared/staff-messages/settings';
import type { MondayException } from '@shared/schemas/settings';
import { formatLongDate } from '@web/lib/format';
import { errorMessage } from '@web/lib/api';
import { ClosureDeclined, useClosureQuestion } from '@web/features/reservations/closure-choice';
import { previewDeleteMondayException, useDeleteMondayException } from '../api/delete-monday-exception';
import { useMondayExceptions } from '../api/get-monday-exceptions';
import { DatedList, DatedRow } from './dated-list';

const text = mondayExceptionsMessages;

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
  const question = useClosureQuestion();
  const longDate = formatLongDate(exception.date);
  // That Monday's bookings are listed first, then kept or cancelled with it (issue 19).
  const onDelete = async () => {
    try {
      const { affected } = await previewDeleteMondayException(exception.id);
      const choice = affected.length > 0 ? await question.ask(affected) : { cancelReason: null };
      await remove.mutateAsync({ id: exception.id, choice });
      toast.success(staffMessages.admin.toasts.mondayDisabled, { description: longDate });
    } catch (failure) {
      if (!(failure instanceof ClosureDeclined)) toast.error(errorMessage(failure));
    }
  };
  return (
    <DatedRow
      longDate={longDate}
      deleteLabel={formatMessage(text.deleteLabel, { date: longDate })}
      deleting={remove.isPending}
      onDelete={() => void onDelete()}
    >
      {question.dialog}
      {exception.reason && <p className="break-words text-sm text-muted-foreground">{exception.reason}</p>}
    </DatedRow>
  );
}
