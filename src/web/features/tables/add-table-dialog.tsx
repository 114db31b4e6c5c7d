import { useId, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { TABLE_SEATS_DEFAULT, TABLE_SEATS_MAX, TABLE_SEATS_MIN, type TableShape } from '@shared/limits';
import { formatMessage, messages } from '@shared/messages';
import { staffMessages } from '@shared/staff-messages';
import type { DiningTable } from '@shared/schemas/table';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/field-error';
import { Label } from '@web/components/ui/label';
import { ApiRequestError } from '@web/lib/api';
import { useCreateTable } from './api/create-table';
import { TableShapeField } from './table-shape-field';

const text = staffMessages.admin.tables;

interface AddTableDialogProps {
  /** The next table number, to suggest 'Mesa {n}' as the name. */
  nextNumber: number;
  onAdded: (table: DiningTable) => void;
}

export function AddTableDialog({ nextNumber, onAdded }: AddTableDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {text.add}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {open && (
          <AddTableForm
            nextNumber={nextNumber}
            onAdded={(table) => {
              setOpen(false);
              onAdded(table);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
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
  const [shape, setShape] = useState<TableShape>('square');
  const [errors, setErrors] = useState<FormErrors>({});
  const createTable = useCreateTable();
  const nameId = useId();
  const seatsId = useId();
  const nameErrorId = useId();
  const seatsErrorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(name, seats);
    setErrors(found);
    if (found.name || found.seats) return;
    createTable.mutate(
      { name: name.trim(), seats: Number(seats), shape },
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
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{text.addTitle}</DialogTitle>
        <DialogDescription>{text.addDescription}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={nameId}>{text.name}</Label>
        <Input
          id={nameId}
          value={name}
          maxLength={50}
          required
          aria-invalid={errors.name !== undefined}
          aria-describedby={errors.name ? nameErrorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <FieldError id={nameErrorId} alert>
          {errors.name}
        </FieldError>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={seatsId}>{text.seats}</Label>
          <Input
            id={seatsId}
            type="number"
            inputMode="numeric"
            min={TABLE_SEATS_MIN}
            max={TABLE_SEATS_MAX}
            step={1}
            value={seats}
            required
            aria-invalid={errors.seats !== undefined}
            aria-describedby={errors.seats ? seatsErrorId : undefined}
            onChange={(event) => {
              setSeats(event.target.value);
              setErrors((current) => ({ ...current, seats: undefined }));
            }}
          />
          <FieldError id={seatsErrorId} alert>
            {errors.seats}
          </FieldError>
        </div>
        <TableShapeField value={shape} onChange={setShape} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {messages.common.cancel}
        </Button>
        <Button type="submit" disabled={createTable.isPending}>
          {createTable.isPending ? text.adding : text.add}
        </Button>
      </DialogFooter>
    </form>
  );
}
