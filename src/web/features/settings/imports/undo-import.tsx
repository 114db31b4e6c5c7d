import { useState } from 'react';
import { formatMessage } from '@shared/messages';
import type { ImportRun } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { useUndoImport } from '../api/imports';

const text = importScreenMessages.undo;

/** Whether 'Deshacer importación' is still offered: a finished import, within its 24 hours. */
export const mayUndo = (run: ImportRun, now: number): boolean => run.status === 'done' && run.undoUntil !== null && Date.parse(run.undoUntil) > now;

/** 'Deshacer importación' and until when, behind a confirmation: what the import created goes. */
export function UndoImport({ run }: { run: ImportRun }) {
  // The moment the screen showed the import; the server refuses an undo past its window anyway.
  const [now] = useState(Date.now);
  const undo = useUndoImport();
  const [open, setOpen] = useState(false);
  if (!mayUndo(run, now) || !run.undoUntil) return null;
  const confirm = () =>
    undo.mutate(run.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(text.done);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={formatMessage(text.title, { file: run.fileName })}
        description={text.description}
        confirmLabel={text.confirm}
        destructive
        isPending={undo.isPending}
        onConfirm={confirm}
        trigger={
          <Button type="button" variant="outline">
            {text.button}
          </Button>
        }
      />
      <p className="text-sm text-muted-foreground">{formatMessage(importScreenMessages.progress.undoUntil, { date: formatDateTime(run.undoUntil) })}</p>
    </div>
  );
}
