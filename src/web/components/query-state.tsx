import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

/** What a list or section shows before its data: a spinner, or the error with a retry. Null once there is data. */
export function QueryState({
  query,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
}) {
  const { texts } = useGuestLanguage();
  if (query.isPending && !query.error) return <Spinner className="py-2 text-muted-foreground" />;
  if (!query.error) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(query.error)}
      </p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        {texts.common.reload}
      </Button>
    </div>
  );
}
