import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/lib/lazy-toaster';
import type { z } from 'zod';
import { ADMIN_PARTY_DEFAULT } from '@shared/limits';
import { formatCount, formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import { walkInSchema } from '@shared/schemas/staff-reservation';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useSeatWalkIn, useWalkInProposal } from './api/walk-ins';
import { PartySizeSelect } from './booking-fields';

const text = staffMessages.admin.walkIn;

interface WalkInValues {
  numberOfPeople: string;
  customerName: string;
  customerPhone: string;
}
type WalkIn = z.output<typeof walkInSchema>;

const resolver = zodResolver(walkInSchema) as unknown as Resolver<WalkInValues, unknown, WalkIn>;

/** 'Sin reserva': the party size first, the table the capacity engine proposes now, and 'Sentar'. */
export function WalkInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <WalkInForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function WalkInForm({ onDone }: { onDone: () => void }) {
  const form = useForm<WalkInValues, unknown, WalkIn>({
    resolver,
    defaultValues: { numberOfPeople: String(ADMIN_PARTY_DEFAULT), customerName: '', customerPhone: '' },
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const people = Number(useWatch({ control, name: 'numberOfPeople' }));
  const proposal = useWalkInProposal(people);
  const seatWalkIn = useSeatWalkIn();
  // The server found no table after all (taken meanwhile): the host may still seat the party without one.
  const [refusedFor, setRefusedFor] = useState<number | null>(null);
  const baseId = useId();
  const errors = formState.errors;
  const noFreeTable = (proposal.data?.hasTables === true && proposal.data.tables === null) || refusedFor === people;

  const seat = (values: WalkIn, withoutTable: boolean) =>
    seatWalkIn.mutate(
      { ...values, withoutTable },
      {
        onSuccess: (seated) => {
          const title = seated.tableNames.length ? formatMessage(text.seatedAt, { tables: seated.tableNames.join(', ') }) : text.seatedWithoutTable;
          toast.success(title, { description: seated.customerName });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'no_table') {
            setRefusedFor(values.numberOfPeople);
            return;
          }
          for (const [name, message] of Object.entries(error instanceof ApiRequestError ? (error.fields ?? {}) : {})) {
            if (name === 'customerName' || name === 'customerPhone' || name === 'numberOfPeople') setError(name, { message });
          }
          toast.error(text.title, { description: errorMessage(error) });
        },
      },
    );

  return (
    <DialogForm
      title={text.title}
      description={text.description}
      onSubmit={(event) => void handleSubmit((values) => seat(values, !proposal.data?.hasTables))(event)}
      submitLabel={seatWalkIn.isPending ? messages.common.sending : text.seat}
      submitDisabled={seatWalkIn.isPending || !proposal.data || noFreeTable}
      onCancel={onDone}
      secondaryAction={
        noFreeTable && (
          <Button type="button" variant="outline" disabled={seatWalkIn.isPending} onClick={() => void handleSubmit((values) => seat(values, true))()}>
            {text.seatWithoutTable}
          </Button>
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${baseId}-people`} label={text.people} error={errors.numberOfPeople?.message} className="sm:col-span-2">
          {(props) => <PartySizeSelect {...props} {...register('numberOfPeople')} />}
        </FormField>
        <FormField id={`${baseId}-name`} label={text.name} error={errors.customerName?.message}>
          {(props) => <Input autoComplete="off" className="h-11" {...props} {...register('customerName')} />}
        </FormField>
        <FormField id={`${baseId}-phone`} label={text.phone} error={errors.customerPhone?.message}>
          {(props) => <Input type="tel" autoComplete="off" className="h-11" {...props} {...register('customerPhone')} />}
        </FormField>
      </div>
      <p role="status" className={cn('rounded-md border p-3 text-sm', noFreeTable ? 'border-yellow-300 bg-yellow-50 text-yellow-900' : 'bg-muted')}>
        {proposalText(people, proposal.data, noFreeTable)}
      </p>
    </DialogForm>
  );
}

function proposalText(people: number, proposal: ReturnType<typeof useWalkInProposal>['data'], noFreeTable: boolean): string {
  if (noFreeTable) return formatCount(people, text.noTableOne, text.noTable);
  if (!proposal) return text.looking;
  if (!proposal.hasTables) return text.noMap;
  return formatMessage(text.proposal, { tables: (proposal.tables ?? []).join(', ') });
}
