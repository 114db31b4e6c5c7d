import { useState } from 'react';
import { formatMessage } from '@shared/messages';
import type { ImportRun } from '@shared/schemas/import';
import { importScreenMessages } from '@shared/staff-messages/import-screen';
import { ConfirmButton } from '@web/components/confirm-button';
import { formatDateTime } from '@web/lib/format';
import { useUndoImport } from '../api/imports';

const text = importScreenMessages.undo;

/** Whether 'Deshacer importación' is still offered: a finished import, within its 24 hours. */
export const mayUndo = (run: ImportRun, now: number): boolean => run.status === 'done' && run.undoUntil !== null && Date.parse(run.undoUntil) > now;

/** 'Deshacer importación' and until when, behind a confirmation: what the import created goes. */
export function UndoImport({ run }: { run: ImportRun }) {
  // The moment the screen showed the import; the server refuses an undo past its window anyway.
  const [now] = useState(Date.now);
  const undo = useUndoImport();
  if (!mayUndo(run, now) || !run.undoUntil) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <ConfirmButton
        label={text.button}
        variant="outline"
        title={formatMessage(text.title, { file: run.fileName })}
        description={text.description}
        confirmLabel={text.confirm}
        mutation={undo}
        variables={run.id}
        successMessage={text.done}
      />
      <p className="text-sm text-muted-foreground">{formatMessage(importScreenMessages.progress.undoUntil, { date: formatDateTime(run.undoUntil) })}</p>
    </div>
  );
}
