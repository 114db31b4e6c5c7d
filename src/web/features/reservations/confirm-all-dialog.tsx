import { formatCount, formatMessage } from '@shared/messages';
import { madridToday } from '@shared/rules/madrid-time';
import { staffMessages } from '@shared/staff-messages';
import type { AdminReservation, BatchConfirmed } from '@shared/schemas/staff-reservation';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@web/components/ui/dialog';
import { useUndoableToast } from '@web/features/undo/undo-toast';
import { errorMessage } from '@web/lib/api';
import { formatTime, relativeDayLabel } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { useConfirmBatch } from './api/confirm-batch';

const text = staffMessages.admin.confirmAll;

interface ConfirmAllDialogProps {
  requests: readonly AdminReservation[];
  /** Pending change requests left out of the batch, to be confirmed from their rows. */
  changeRequests: number;
  onClose: () => void;
}

/** The requests 'Confirmar todas' would confirm, listed, and one press that confirms them all with one request. */
export function ConfirmAllDialog({ requests, changeRequests, onClose }: ConfirmAllDialogProps) {
  const batch = useConfirmBatch();
  const showUndoable = useUndoableToast();
  const today = madridToday(new Date());
  // Through the promise: the toast must show although the button (and this dialog) leave as the lists refresh.
  const confirm = () =>
    void batch.mutateAsync(requests).then(
      (result) => {
        onClose();
        showOutcome(result, showUndoable);
      },
      (error: unknown) => {
        onClose();
        toast.error(text.failed, { description: errorMessage(error) });
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeading title={text.title} description={text.description} />
        <ul aria-label={text.listLabel} className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto text-sm">
          {requests.map((request) => (
            <li key={request.id} className="rounded-md border px-3 py-2">
              {formatMessage(text.item, {
                name: request.customerName,
                day: relativeDayLabel(request.reservationDate, today),
                time: formatTime(request.reservationTime),
                people: request.numberOfPeople,
              })}
            </li>
          ))}
        </ul>
        {changeRequests > 0 && <p className="text-sm text-muted-foreground">{text.changeRequestsLeft}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {text.keep}
          </Button>
          <Button disabled={batch.isPending || requests.length === 0} onClick={confirm}>
            {text.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function showOutcome(result: BatchConfirmed, showUndoable: ReturnType<typeof useUndoableToast>) {
  const names = result.skipped.map((skip) => skip.customerName ?? '—').join(', ');
  if (result.confirmed.length === 0) {
    toast.warning(text.noneConfirmed);
    return;
  }
  const skipped = result.skipped.length > 0 ? formatMessage(text.skipped, { names }) : undefined;
  showUndoable(formatCount(result.confirmed.length, text.doneOne, text.doneMany), result, skipped);
}
