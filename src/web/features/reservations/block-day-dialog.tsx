import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { BlockedDay } from '@shared/schemas/closures';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useBlockDay, useBlockDayPreview } from './api/block-day';
import { AffectedList, KeepOrCancel } from './closure-choice';
import { useBlockedDays } from './api/get-blocked-days';
import { useUnblockDay } from './api/unblock-day';
import { formatLongDate } from '@web/lib/format';

const text = staffMessages.admin.blockDay;

interface BlockDayDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
}

/** Closes a whole day (not before today in Madrid) after a confirmation step; lists the days already blocked. */
export function BlockDayDialog({ open, onOpenChange, today }: BlockDayDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <BlockDayForm today={today} />
      <BlockedDayList />
    </FormDialog>
  );
}

function BlockDayForm({ today }: { today: string }) {
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelReason, setCancelReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const blockDay = useBlockDay();
  const preview = useBlockDayPreview(date !== '' && date >= today ? date : null);
  const affected = preview.data?.affected ?? [];
  const dateId = useId();
  const reasonId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date === '') return;
    if (date < today) {
      setError(text.datePast);
      return;
    }
    setError(null);
    if (affected.length > 0 && cancelling && cancelReason.trim() === '') {
      setReasonError(staffMessages.admin.cancelReason.requiredDescription);
      return;
    }
    setReasonError(undefined);
    setConfirming(true);
  };
  const confirm = () =>
    blockDay.mutate(
      { date, reason: reason.trim() || undefined, choice: { cancelReason: affected.length > 0 && cancelling ? cancelReason.trim() : null } },
      {
        onSuccess: (blocked) => {
          const cancelled = blocked.affected?.filter((reservation) => reservation.status === 'cancelled').length ?? 0;
          const count = staffMessages.admin.affected.cancelledCount;
          const description = cancelled === 0 ? formatLongDate(date) : `${formatLongDate(date)} · ${cancelled === 1 ? count.one : formatMessage(count.many, { count: cancelled })}`;
          toast.success(staffMessages.admin.toasts.dayBlocked, { description });
          setConfirming(false);
          setDate('');
          setReason('');
          setCancelling(false);
          setCancelReason('');
        },
        onError: (failure) =>
          toast.error(staffMessages.admin.errors.blockDay, {
            description: `${errorMessage(failure)} ${messages.common.retry}`,
          }),
      },
    );

  return (
    <DialogForm
      title={text.title}
      description={text.description}
      onSubmit={submit}
      submitLabel={text.submit}
      submitDisabled={date === '' || blockDay.isPending}
      destructive
    >
      <FormField id={dateId} label={text.date} error={error ?? undefined} alertError>
        {(control) => (
          <Input
            {...control}
            type="date"
            min={today}
            value={date}
            required
            onChange={(event) => {
              setDate(event.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      {affected.length > 0 && (
        <>
          <AffectedList affected={affected} intro={staffMessages.admin.affected.blockDay} />
          <KeepOrCancel
            cancelling={cancelling}
            onCancellingChange={setCancelling}
            reason={cancelReason}
            onReasonChange={setCancelReason}
            error={reasonError}
          />
        </>
      )}
      <FormField id={reasonId} label={text.reason}>
        {(control) => <Input {...control} value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />}
      </FormField>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.confirmTitle}
        description={
          date &&
          [
            formatMessage(text.confirmDescription, { date: formatLongDate(date) }),
            affected.length > 0 &&
              formatMessage(cancelling ? staffMessages.admin.affected.confirmCancel : staffMessages.admin.affected.confirmKeep, {
                count: affected.length,
              }),
          ]
            .filter(Boolean)
            .join(' ')
        }
        confirmLabel={text.confirm}
        destructive
        isPending={blockDay.isPending}
        onConfirm={confirm}
      />
    </DialogForm>
  );
}

function BlockedDayList() {
  const blockedDays = useBlockedDays(true);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t pt-4">
      <h3 id={headingId} className="font-semibold">
        {text.upcoming}
      </h3>
      {blockedDays.isPending ? (
        <Spinner className="text-muted-foreground" />
      ) : blockedDays.error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(blockedDays.error)}
        </p>
      ) : blockedDays.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.empty}</p>
      ) : (
        <ul className="divide-y">
          {blockedDays.data.map((day) => (
            <BlockedDayRow key={day.id} day={day} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedDayRow({ day }: { day: BlockedDay }) {
  const unblock = useUnblockDay();
  const labelId = useId();
  const onUnblock = () =>
    unblock.mutate(day.date, {
      onSuccess: () => toast.success(staffMessages.admin.toasts.dayUnblocked, { description: formatLongDate(day.date) }),
      onError: (failure) =>
        toast.error(staffMessages.admin.errors.unblockDay, {
          description: `${errorMessage(failure)} ${messages.common.retry}`,
        }),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p id={labelId} className="font-medium first-letter:uppercase">
          {formatLongDate(day.date)}
        </p>
        {day.reason && <p className="break-words text-sm text-muted-foreground">{day.reason}</p>}
      </div>
      <Button variant="outline" size="sm" aria-describedby={labelId} disabled={unblock.isPending} onClick={onUnblock}>
        {staffMessages.admin.actions.unblock}
      </Button>
    </li>
  );
}
