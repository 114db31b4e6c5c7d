import { useId } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatMessage, messages } from '@shared/messages';
import type { MondayException } from '@shared/schemas/settings';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatLongDate } from '@web/features/today/format';
import { errorMessage } from '@web/lib/api';
import { useDeleteMondayException } from './api/delete-monday-exception';
import { useMondayExceptions } from './api/get-monday-exceptions';

const text = messages.admin.mondayExceptions;

/** The Mondays opened from today on, each with its reason and a button that closes it again. */
export function MondayExceptionsList() {
  const exceptions = useMondayExceptions();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t pt-4">
      <h3 id={headingId} className="font-semibold">
        {text.listTitle}
      </h3>
      {exceptions.isPending ? (
        <Spinner className="text-muted-foreground" />
      ) : exceptions.error ? (
        <p role="alert" className="text-sm text-destructive">
          {text.loadError}: {errorMessage(exceptions.error)}
        </p>
      ) : exceptions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.empty}</p>
      ) : (
        <ul className="divide-y">
          {exceptions.data.map((exception) => (
            <MondayExceptionRow key={exception.id} exception={exception} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MondayExceptionRow({ exception }: { exception: MondayException }) {
  const remove = useDeleteMondayException();
  const longDate = formatLongDate(exception.date);
  const onDelete = () =>
    remove.mutate(exception.id, {
      onSuccess: () => toast.success(messages.admin.toasts.mondayDisabled, { description: longDate }),
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  return (
    <li className="flex items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="font-medium first-letter:uppercase">{longDate}</p>
        {exception.reason && <p className="break-words text-sm text-muted-foreground">{exception.reason}</p>}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={formatMessage(text.deleteLabel, { date: longDate })}
        disabled={remove.isPending}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
