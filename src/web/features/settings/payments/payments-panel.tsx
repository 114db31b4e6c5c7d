import { useId, useRef } from 'react';
import type { PaymentSettingsView } from '@shared/schemas/payment-settings';
import { paymentSettingsMessages } from '@shared/staff-messages/payments-settings';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { usePaymentSettings } from '../api/payment-settings';
import { copy } from '../fields/copy-field';
import { QueryCard } from '../fields/query-card';
import { PaymentKeysForm } from './payment-keys-form';

const text = paymentSettingsMessages;

/** Configuración › Pagos (issue 45, item 6): the Stripe keys the card guarantee charges through. The owner's alone. */
export function PaymentsPanel() {
  return (
    <QueryCard title={text.title} intro={text.intro} query={usePaymentSettings()}>
      {(view) => (
        <>
          <ModeNotice view={view} />
          <PaymentKeysForm view={view} />
          <WebhookUrl view={view} />
        </>
      )}
    </QueryCard>
  );
}

/** Test or live mode, or why nothing works yet: the first thing the owner reads. */
function ModeNotice({ view }: { view: PaymentSettingsView }) {
  if (!view.connected) return <p className="rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">{text.notConnected}</p>;
  return (
    <>
      {!view.keysReadable && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {text.unreadable}
        </p>
      )}
      {view.livemode ? (
        <p className="rounded-md border px-3 py-2 text-sm">{text.liveMode}</p>
      ) : (
        <div role="note" aria-label={text.testMode} className="rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <p className="font-semibold">{text.testMode}</p>
          <p>{text.testModeLine}</p>
        </div>
      )}
    </>
  );
}

/** The address to add as the webhook endpoint in Stripe, read-only, with a copy button. */
function WebhookUrl({ view }: { view: PaymentSettingsView }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const insecure = view.livemode && view.webhookUrl.startsWith('http:');
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{text.webhookUrl}</Label>
      <div className="flex min-w-0 flex-wrap gap-2">
        <Input
          id={id}
          ref={field}
          readOnly
          value={view.webhookUrl}
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          className="h-11 min-w-0 flex-1 basis-64 font-mono text-sm"
        />
        <Button type="button" variant="outline" onClick={() => void copy(field.current, text.copied)}>
          {text.copy}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {text.webhookUrlHelp}
        {insecure && <span className="mt-1 block text-destructive">{text.webhookUrlInsecure}</span>}
      </p>
    </div>
  );
}
