import { ConfirmDialog, useConfirmRequest } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useLeaveWaitlist } from './api/leave-waitlist';

/** 'Salir de la lista de espera' asks once more before the POST; the page updates from the answer. */
export function LeaveDialog({ token, onLeft }: { token: string; onLeft: () => void }) {
  const { texts } = useGuestLanguage();
  const text = texts.waitlist;
  const leave = useLeaveWaitlist(token);
  const { open, setOpen, confirm } = useConfirmRequest(leave, onLeft);

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive" className="h-auto min-h-11 w-full whitespace-normal sm:w-auto">
          {text.leave}
        </Button>
      }
      title={text.leaveTitle}
      description={text.leaveDescription}
      keepLabel={text.leaveKeep}
      confirmLabel={leave.isPending ? texts.common.sending : text.leaveConfirm}
      destructive
      isPending={leave.isPending}
      onConfirm={confirm}
    />
  );
}
