import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { formatMessage } from '@shared/messages';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { staffMessages } from '@shared/staff-messages';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { formatShortDate, formatTime } from '@web/lib/format';

// A closure and the active bookings it hits (issue 19): the list, and the choice to keep them ('Fuera de horario')
// or cancel them all with one reason. A feature's public entry: the block-day dialog and Configuración › Horarios.

const text = staffMessages.admin.affected;

/** Keep the bookings (null), or cancel them with this reason. */
export interface ClosureChoice {
  cancelReason: string | null;
}

/** The query string of a closing change: list only, or save keeping or cancelling (the server's closureEffectsQuerySchema). */
export function closureSearch(choice: ClosureChoice | 'preview'): string {
  if (choice === 'preview') return '?preview=1';
  return choice.cancelReason ? `?cancelReason=${encodeURIComponent(choice.cancelReason)}` : '';
}

/** 'Esta acción afecta a N reservas:' and one line each; the date too when they span several days. */
export function AffectedList({ affected, intro }: { affected: readonly AdminReservation[]; intro: { one: string; many: string } }) {
  const severalDays = new Set(affected.map((reservation) => reservation.reservationDate)).size > 1;
  return (
    <div role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
      <p className="font-medium">{affected.length === 1 ? intro.one : formatMessage(intro.many, { count: affected.length })}</p>
      <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5">
        {affected.map((reservation) => {
          const values = {
            date: formatShortDate(reservation.reservationDate),
            time: formatTime(reservation.reservationTime),
            name: reservation.customerName,
            people: reservation.numberOfPeople,
          };
          return <li key={reservation.id}>{formatMessage(severalDays ? text.itemWithDate : text.item, values)}</li>;
        })}
      </ul>
    </div>
  );
}

/** Keep or cancel, and the reason a cancellation needs; `error` when the reason is missing. */
export function KeepOrCancel({
  cancelling,
  onCancellingChange,
  reason,
  onReasonChange,
  error,
}: {
  cancelling: boolean;
  onCancellingChange: (cancelling: boolean) => void;
  reason: string;
  onReasonChange: (reason: string) => void;
  error?: string | undefined;
}) {
  const name = useId();
  const reasonId = useId();
  const option = (value: boolean, label: string, hint: string) => (
    <label className="flex min-h-11 cursor-pointer items-start gap-2 text-sm">
      <input type="radio" name={name} className="mt-1 size-4" checked={cancelling === value} onChange={() => onCancellingChange(value)} />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{text.choice}</legend>
      {option(false, text.keep, text.keepHint)}
      {option(true, text.cancelAll, text.cancelHint)}
      {cancelling && (
        <FormField id={reasonId} label={text.reason} error={error}>
          {(control) => <Textarea {...control} maxLength={500} value={reason} onChange={(event) => onReasonChange(event.target.value)} />}
        </FormField>
      )}
    </fieldset>
  );
}

/** Thrown by `ask` when staff go back: the change is not saved, and the field shows the saved value again. */
export class ClosureDeclined extends Error {
  constructor() {
    super('closure declined');
  }
}

interface Question {
  affected: AdminReservation[];
  resolve: (choice: ClosureChoice) => void;
  reject: (reason: ClosureDeclined) => void;
}

/**
 * For a change saved on its own (an hours field, a removed Monday exception): `ask` shows the bookings it would hit
 * and resolves with keep or cancel, or rejects with ClosureDeclined. Render `dialog` once.
 */
export function useClosureQuestion(): { ask: (affected: AdminReservation[]) => Promise<ClosureChoice>; dialog: ReactNode } {
  const [question, setQuestion] = useState<Question | null>(null);
  const settled = useRef(false);
  const ask = useCallback(
    (affected: AdminReservation[]) =>
      new Promise<ClosureChoice>((resolve, reject) => {
        settled.current = false;
        setQuestion({ affected, resolve, reject });
      }),
    [],
  );
  const close = (outcome: ClosureChoice | null) => {
    if (!question || settled.current) return;
    settled.current = true;
    if (outcome) question.resolve(outcome);
    else question.reject(new ClosureDeclined());
    setQuestion(null);
  };
  const dialog = (
    <FormDialog open={question !== null} onOpenChange={(open) => !open && close(null)}>
      {question && <ClosureQuestionForm affected={question.affected} onAnswer={close} />}
    </FormDialog>
  );
  return { ask, dialog };
}

function ClosureQuestionForm({ affected, onAnswer }: { affected: AdminReservation[]; onAnswer: (choice: ClosureChoice | null) => void }) {
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <DialogForm
      title={text.title}
      description={text.description}
      onSubmit={(event) => {
        event.preventDefault();
        if (cancelling && reason.trim() === '') {
          setError(staffMessages.admin.cancelReason.requiredDescription);
          return;
        }
        onAnswer({ cancelReason: cancelling ? reason.trim() : null });
      }}
      submitLabel={text.save}
      submitDisabled={false}
      destructive={cancelling}
      onCancel={() => onAnswer(null)}
      cancelLabel={text.back}
    >
      <AffectedList affected={affected} intro={text.blockDay} />
      <KeepOrCancel cancelling={cancelling} onCancellingChange={setCancelling} reason={reason} onReasonChange={setReason} error={error} />
    </DialogForm>
  );
}
