import { AlertCircle, Check, LoaderCircle } from 'lucide-react';
import { formatMessage } from '@shared/messages';
import { settingsMessages } from '@shared/staff-messages/settings';
import type { SaveState } from '@web/components/use-save-status';

const text = settingsMessages.saveState;

/** The visible 'Guardando... / Guardado' next to a field saved in the background; announced politely. */
export function SaveStatus({ state, error, id }: { state: SaveState; error: string | null; id?: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className="flex min-h-5 items-center gap-1 text-xs">
      {state === 'waiting' && <span className="text-muted-foreground">{text.waiting}</span>}
      {state === 'saving' && (
        <span className="flex items-center gap-1 text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
          {text.saving}
        </span>
      )}
      {state === 'saved' && (
        <span className="flex items-center gap-1 text-green-700">
          <Check aria-hidden="true" className="size-3" />
          {text.saved}
        </span>
      )}
      {state === 'error' && (
        <span className="flex items-center gap-1 text-destructive">
          <AlertCircle aria-hidden="true" className="size-3" />
          {formatMessage(text.error, { message: error ?? '' })}
        </span>
      )}
    </p>
  );
}
