import { useState } from 'react';
import { FileDown, Trash2 } from 'lucide-react';
import { ERASURE_LINK_HOURS } from '@shared/limits';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useGuestDataRequest } from './api/guest-data';
import { useGuestDataTexts } from './use-guest-data-texts';

/**
 * 'Tus datos personales' on the private page (issue 24): a copy of the guest's data, or its erasure, each sent to the
 * booking's email (the link alone proves only that its holder got the booking's emails).
 */
export function GuestDataSection({ token }: { token: string }) {
  const text = useGuestDataTexts();
  const { texts, format } = useGuestLanguage();
  const exporting = useGuestDataRequest(token, 'data-export');
  const erasing = useGuestDataRequest(token, 'data-erasure');
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<{ title: string; detail: string } | null>(null);
  const failure = exporting.error ?? erasing.error;

  const download = () => {
    if (exporting.isPending) return;
    exporting.mutate(undefined, { onSuccess: () => setSent({ title: text.downloadSent, detail: text.downloadSentDetail }) });
  };
  const requestErasure = () =>
    erasing.mutate(undefined, {
      onSuccess: () => setSent({ title: text.eraseSent, detail: text.eraseSentDetail }),
      onSettled: () => setConfirming(false),
    });

  return (
    <section aria-labelledby="guest-data-title" className="space-y-3 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <h2 id="guest-data-title" className="text-lg font-semibold">
        {text.title}
      </h2>
      <p className="text-sm text-muted-foreground">{text.intro}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {/* aria-disabled, not disabled: the button keeps the focus while its request runs. */}
        <Button variant="outline" aria-disabled={exporting.isPending} onClick={download}>
          <FileDown aria-hidden="true" />
          {exporting.isPending ? texts.common.sending : text.download}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            if (!erasing.isPending) setConfirming(open);
          }}
          trigger={
            <Button variant="outline" className="border-destructive/40 text-destructive hover:bg-destructive/10">
              <Trash2 aria-hidden="true" />
              {text.erase}
            </Button>
          }
          title={text.eraseTitle}
          description={format(text.eraseDescription, { hours: ERASURE_LINK_HOURS })}
          keepLabel={text.eraseKeep}
          confirmLabel={erasing.isPending ? texts.common.sending : text.eraseSend}
          isPending={erasing.isPending}
          onConfirm={requestErasure}
        />
      </div>
      <div aria-live="polite">
        {failure ? (
          <p className="text-sm text-destructive">{failure.message}</p>
        ) : (
          sent && (
            <p className="text-sm">
              <strong>{sent.title}.</strong> {sent.detail}
            </p>
          )
        )}
      </div>
    </section>
  );
}
