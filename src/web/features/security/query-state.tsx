import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';

/** What a section shows before its data: a spinner, or the error with a retry. Null once there is data. */
export function QueryState({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (isPending) return <Spinner className="py-2 text-muted-foreground" />;
  if (!error) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {messages.common.reload}
      </Button>
    </div>
  );
}
