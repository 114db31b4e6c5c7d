import { useEffect, useId, useRef, useState } from 'react';
import { Trash2, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/lazy-toaster';
import {
  TABLE_ROTATION_MAX,
  TABLE_ROTATION_MIN,
  TABLE_ROTATION_STEP,
  TABLE_SEATS_MAX,
  TABLE_SEATS_MIN,
  DEFAULT_DEBOUNCE_MS,
} from '@shared/limits';
import { formatMessage } from '@shared/messages';
import { tableMessages } from '@shared/staff-messages/tables';
import { staffMessages } from '@shared/staff-messages';
import { tablePatchSchema, type DiningTable, type TablePatch } from '@shared/schemas/table';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { fieldClassName, Input } from '@web/components/ui/input';
import { FormField } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useDeleteTable } from './api/delete-table';
import { patchCachedTable, useUpdateTable } from './api/update-table';
import { TableCapacityFields } from './table-capacity-fields';
import { TableShapeField } from './table-shape-field';

const text = tableMessages.tables;

const SEAT_OPTIONS = Array.from({ length: TABLE_SEATS_MAX - TABLE_SEATS_MIN + 1 }, (_, index) => TABLE_SEATS_MIN + index);

/** Marks the card so that a press inside it does not deselect the table. */
export const CONFIG_CARD_ATTRIBUTE = 'data-table-config';

interface TableConfigCardProps {
  table: DiningTable;
  onClose: () => void;
}

/** Name, capacity, shape, rotation, active and delete for the selected table. Render with key={table.id}. */
export function TableConfigCard({ table, onClose }: TableConfigCardProps) {
  const queryClient = useQueryClient();
  const updateTable = useUpdateTable();
  const [name, setName] = useState(table.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteTable = useDeleteTable();
  const nameId = useId();
  const seatsId = useId();
  const rotationId = useId();
  const activeId = useId();
  const pendingRotation = useRef<{ timer: number; degrees: number } | null>(null);

  const save = (patch: TablePatch) =>
    updateTable.mutateAsync({ id: table.id, patch }).then(
      () => toast.success(staffMessages.admin.toasts.tableUpdated),
      (failure: unknown) => toast.error(text.updateError, { description: errorMessage(failure) }),
    );

  // The slider turns the table at once; the save waits until it rests (and is not lost when the card closes).
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(
    () => () => {
      const pending = pendingRotation.current;
      if (!pending) return;
      window.clearTimeout(pending.timer);
      pendingRotation.current = null;
      void saveRef.current({ rotation: pending.degrees });
    },
    [],
  );
  // The slider shows the card's own value while a turn is unsaved: the cache re-renders a task later, and a
  // second arrow key pressed before that would start again from the old angle (React puts the controlled
  // input back to the value it last rendered).
  const [draftRotation, setDraftRotation] = useState<number | null>(null);
  const rotation = draftRotation ?? table.rotation;
  const changeRotation = (degrees: number) => {
    setDraftRotation(degrees);
    patchCachedTable(queryClient, table.id, { rotation: degrees });
    if (pendingRotation.current) window.clearTimeout(pendingRotation.current.timer);
    const timer = window.setTimeout(() => {
      pendingRotation.current = null;
      void save({ rotation: degrees }).finally(() => setDraftRotation((draft) => (draft === degrees ? null : draft)));
    }, DEFAULT_DEBOUNCE_MS);
    pendingRotation.current = { timer, degrees };
  };

  const commitName = () => {
    if (name === table.name) return;
    const parsed = tablePatchSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? text.nameEmpty);
      return;
    }
    setNameError(null);
    const trimmed = name.trim();
    setName(trimmed);
    if (trimmed !== table.name) void save({ name: trimmed });
  };

  // mutateAsync: the card unmounts as soon as the table leaves the list, and the toast must still show.
  const confirmDelete = () =>
    void deleteTable.mutateAsync(table.id).then(
      () => {
        toast.success(staffMessages.admin.toasts.tableDeleted);
        setConfirmingDelete(false);
        onClose();
      },
      (failure: unknown) => toast.error(text.deleteError, { description: errorMessage(failure) }),
    );

  return (
    <Card {...{ [CONFIG_CARD_ATTRIBUTE]: '' }} className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <CardTitle asChild>
          <h3 className="min-w-0 break-words">{formatMessage(text.configTitle, { name: table.name })}</h3>
        </CardTitle>
        <Button variant="ghost" size="icon" className="-mr-2 -mt-2" aria-label={text.deselect} onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormField id={nameId} label={text.name} error={nameError ?? undefined} alertError>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={50}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              onBlur={commitName}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commitName();
                }
              }}
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={seatsId}>{text.seats}</Label>
            <select
              id={seatsId}
              value={String(table.seats)}
              onChange={(event) => {
                const seats = Number(event.target.value);
                if (seats !== table.seats) void save({ seats });
              }}
              className={cn(fieldClassName, 'h-10')}
            >
              {SEAT_OPTIONS.map((count) => (
                <option key={count} value={String(count)}>
                  {count}
                </option>
              ))}
            </select>
          </div>
          <TableShapeField value={table.shape} onChange={(shape) => shape !== table.shape && void save({ shape })} />
        </div>
        <TableCapacityFields table={table} save={save} />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={rotationId}>{text.rotation}</Label>
            <output htmlFor={rotationId} className="text-sm tabular-nums text-muted-foreground">
              {formatMessage(text.rotationValue, { degrees: rotation })}
            </output>
          </div>
          <input
            id={rotationId}
            type="range"
            min={TABLE_ROTATION_MIN}
            max={TABLE_ROTATION_MAX}
            step={TABLE_ROTATION_STEP}
            value={rotation}
            aria-valuetext={formatMessage(text.rotationValue, { degrees: rotation })}
            className="w-full accent-brand"
            onChange={(event) => changeRotation(Number(event.target.value))}
          />
        </div>
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={activeId}>{text.active}</Label>
          <Switch
            id={activeId}
            checked={table.isActive}
            onCheckedChange={(isActive) => void save({ isActive })}
          />
        </div>
        <Button variant="destructive" onClick={() => setConfirmingDelete(true)}>
          <Trash2 aria-hidden="true" />
          {text.delete}
        </Button>
      </CardContent>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={formatMessage(text.deleteConfirmTitle, { name: table.name })}
        description={text.deleteConfirmDescription}
        confirmLabel={text.deleteConfirm}
        destructive
        isPending={deleteTable.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
