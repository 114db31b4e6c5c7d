import { useEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useConfirmErasure, useErasureLink } from './api/guest-data';
import { useGuestDataTexts } from './use-guest-data-texts';

/** /borrar-datos/:token — the email's confirmation link of 'Borrar mis datos': says what will go, then erases. */
export function ErasureConfirmation({ token }: { token: string }) {
  const text = useGuestDataTexts();
  const { format } = useGuestLanguage();
  const link = useErasureLink(token);
  const confirm = useConfirmErasure(token);

  if (confirm.isSuccess) return <Erased />;
  if (link.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {text.loading}
      </div>
    );
  }
  if (link.isError) {
    return (
      <div role="alert" className="space-y-3">
        <h1 className="text-2xl font-bold">{text.confirmTitle}</h1>
        <p>{link.error.message}</p>
      </div>
    );
  }
  const { restaurant, upcoming } = link.data;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <p className="text-sm text-muted-foreground">{restaurant}</p>
        <h1 className="text-2xl font-bold">{text.confirmTitle}</h1>
      </div>
      <p>{format(text.confirmIntro, { restaurant })}</p>
      {upcoming > 0 && <p className="font-medium">{upcoming === 1 ? text.upcomingOne : format(text.upcomingMany, { count: upcoming })}</p>}
      <Button variant="destructive" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        {confirm.isPending ? text.erasing : text.confirm}
      </Button>
      {confirm.isError && (
        <p role="alert" className="text-sm text-destructive">
          {confirm.error.message}
        </p>
      )}
    </div>
  );
}

/** The result takes the focus the confirm button had (it is gone), so that it is read out at once. */
function Erased() {
  const text = useGuestDataTexts();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="space-y-3 outline-none">
      <h1 className="text-2xl font-bold">{text.erased}</h1>
      <p>{text.erasedDetail}</p>
    </div>
  );
}
