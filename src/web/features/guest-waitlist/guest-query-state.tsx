import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiRequestError } from '@web/lib/api';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

/**
 * The waitlist pages before their data: a spinner, or why the link shows nothing (the server's own text for an
 * unknown link, with a retry for anything else).
 */
export function GuestQueryState({ title, query }: { title: string; query: { error: Error | null; refetch: () => unknown } }) {
  const { texts } = useGuestLanguage();
  const text = texts.waitlist;
  const { error } = query;
  if (!error) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner label={text.loading} />
        {text.loading}
      </div>
    );
  }
  const fromServer = error instanceof ApiRequestError && error.status > 0 && error.code !== 'NETWORK_ERROR' && error.code !== 'INVALID_RESPONSE';
  // An unknown link, or one whose data was erased: asking again would not help.
  const notFound = error instanceof ApiRequestError && (error.status === 404 || error.status === 410);
  return (
    <div role="alert" className="space-y-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{fromServer ? error.message : notFound ? text.errors.notFound : text.loadFailed}</p>
      {!notFound && (
        <Button variant="outline" onClick={() => void query.refetch()}>
          {texts.common.reload}
        </Button>
      )}
    </div>
  );
}
