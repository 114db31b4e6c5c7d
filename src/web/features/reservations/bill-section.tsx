import { type FormEvent, useId, useState } from 'react';
import { Receipt } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { billRefusal, euroInputOf, parseEuroInput } from '@shared/rules/bill-amount';
import { formatEuros } from '@shared/rules/money';
import type { AdminReservation } from '@shared/schemas/staff-reservation';
import { billTexts as text } from '@shared/staff-messages/bill';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useSetBill } from './api/set-bill';

// 'Importe de la cuenta' in a booking's detail (issue 47, item 3; decision 044): loaded in a chunk of its own with the
// detail. Shown for a visit, or for a booking that still has a bill (to clear it).

interface BillFormProps {
  saved: number | null;
  mayEnter: boolean;
  pending: boolean;
  serverError: string | undefined;
  onSend(cents: number | null): void;
}

function BillForm({ saved, mayEnter, pending, serverError, onSend }: BillFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(saved === null ? '' : euroInputOf(saved));
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEuroInput(draft);
    if (!parsed.ok) return setInvalid(text.errors[parsed.reason]);
    setInvalid(null);
    onSend(parsed.cents);
  };
  const error = invalid ?? serverError;
  const clear = saved !== null && (
    <Button type="button" variant="outline" disabled={pending} onClick={() => onSend(null)}>
      {text.clear}
    </Button>
  );
  if (!mayEnter) {
    return (
      <>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">{clear}</div>
      </>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <FormField id={id} label={text.label} error={error} hint={text.hint} alertError className="max-w-xs">
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              className="h-11 pr-8 text-base"
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="done"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground">
              €
            </span>
          </div>
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {text.save}
        </Button>
        {clear}
      </div>
    </form>
  );
}

export function BillSection({ reservation }: { reservation: AdminReservation }) {
  const headingId = useId();
  const saved = reservation.billCents;
  const mayEnter = billRefusal(reservation) === null;
  const save = useSetBill(reservation.id);
  const [done, setDone] = useState<string | null>(null);
  if (!mayEnter && saved === null) return null;
  const send = (cents: number | null) => {
    setDone(null);
    save.mutate(cents, { onSuccess: () => setDone(cents === null ? text.cleared : text.saved) });
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
          <Receipt aria-hidden="true" className="size-4" />
          {text.heading}
        </h3>
        <p className="text-base font-semibold tabular-nums">{saved === null ? text.none : formatMessage(text.current, { amount: formatEuros(saved) })}</p>
      </div>
      {/* A new amount from elsewhere (another screen, the live refresh) starts the field afresh. */}
      <BillForm
        key={saved ?? 'none'}
        saved={saved}
        mayEnter={mayEnter}
        pending={save.isPending}
        serverError={save.isError ? errorMessage(save.error, text.saveError) : undefined}
        onSend={send}
      />
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {done}
      </p>
    </section>
  );
}
