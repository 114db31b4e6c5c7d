import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast } from '@web/lib/lazy-toaster';
import { NEW_TABLE_SHAPE, TABLE_SEATS_DEFAULT, TABLE_SEATS_MAX, TABLE_SEATS_MIN, type TableShape } from '@shared/limits';
import { formatMessage, messages } from '@shared/messages';
import { tableMessages } from '@shared/staff-messages/tables';
import { staffMessages } from '@shared/staff-messages';
import type { DiningTable } from '@shared/schemas/table';
import { Button } from '@web/components/ui/button';
import { DialogForm, FormDialog } from '@web/components/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { WholeNumberInput } from '@web/components/ui/whole-number-input';
import { ApiRequestError } from '@web/lib/api';
import { useCreateTable } from './api/create-table';
import { useZones } from './api/floor-setup';
import { TableShapeField } from './table-shape-field';

const text = tableMessages.tables;

interface AddTableDialogProps {
  /** The next table number, to suggest 'Mesa {n}' as the name. */
  nextNumber: number;
  onAdded: (table: DiningTable) => void;
}

export function AddTableDialog({ nextNumber, onAdded }: AddTableDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          {text.add}
        </Button>
      }
    >
      <AddTableForm
        nextNumber={nextNumber}
        onAdded={(table) => {
          setOpen(false);
          onAdded(table);
        }}
        onCancel={() => setOpen(false)}
      />
    </FormDialog>
  );
}

interface FormErrors {
  name?: string;
  seats?: string;
}

/** Name required and not blank; capacity a whole number 1-8. */
function validate(name: string, seats: string): FormErrors {
  const errors: FormErrors = {};
  if (name === '') errors.name = text.nameRequired;
  else if (name.trim() === '') errors.name = text.nameEmpty;
  const count = Number(seats);
  if (seats.trim() === '' || !Number.isInteger(count) || count < TABLE_SEATS_MIN || count > TABLE_SEATS_MAX) {
    errors.seats = text.seatsRange;
  }
  return errors;
}

function AddTableForm({
  nextNumber,
  onAdded,
  onCancel,
}: {
  nextNumber: number;
  onAdded: (table: DiningTable) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(() => formatMessage(text.fallbackName, { number: nextNumber }));
  const [seats, setSeats] = useState(String(TABLE_SEATS_DEFAULT));
  const [shape, setShape] = useState<TableShape>(NEW_TABLE_SHAPE);
  // The zone is asked (issue 52); the first one is chosen until staff pick another. The server checks it exists.
  const zones = useZones();
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const zoneId = chosenZone ?? zones.data?.[0]?.id;
  const zoneFieldId = useId();
  const [errors, setErrors] = useState<FormErrors>({});
  const createTable = useCreateTable();
  const nameId = useId();
  const seatsId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(name, seats);
    setErrors(found);
    if (found.name || found.seats) return;
    createTable.mutate(
      { name: name.trim(), seats: Number(seats), shape, ...(zoneId ? { zoneId } : {}) },
      {
        onSuccess: (table) => {
          toast.success(staffMessages.admin.toasts.tableAdded);
          onAdded(table);
        },
        onError: (failure) =>
          toast.error(staffMessages.admin.errors.tableAdd, {
            description: failure instanceof ApiRequestError ? failure.message : messages.common.unexpectedError,
          }),
      },
    );
  };

  return (
    <DialogForm
      title={text.addTitle}
      description={text.addDescription}
      onSubmit={submit}
      submitLabel={createTable.isPending ? text.adding : text.add}
      submitDisabled={createTable.isPending}
      onCancel={onCancel}
    >
      <FormField id={nameId} label={text.name} error={errors.name} alertError>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={50}
            required
            onChange={(event) => {
              setName(event.target.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={seatsId} label={text.seats} error={errors.seats} alertError>
          {(control) => (
            <WholeNumberInput
              {...control}
              min={TABLE_SEATS_MIN}
              max={TABLE_SEATS_MAX}
              value={seats}
              required
              onChange={(event) => {
                setSeats(event.target.value);
                setErrors((current) => ({ ...current, seats: undefined }));
              }}
            />
          )}
        </FormField>
        <TableShapeField value={shape} onChange={setShape} />
      </div>
      {zones.data && zones.data.length > 0 && (
        <FormField id={zoneFieldId} label={text.zone}>
          {(control) => (
            <select {...control} value={zoneId} onChange={(event) => setChosenZone(event.target.value)} className={cn(fieldClassName, 'h-11')}>
              {zones.data?.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
    </DialogForm>
  );
}
