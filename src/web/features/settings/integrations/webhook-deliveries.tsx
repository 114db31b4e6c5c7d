import { formatMessage } from '@shared/messages';
import type { WebhookDeliveryView, WebhookEndpointView } from '@shared/schemas/webhooks';
import { webhooksMessages } from '@shared/staff-messages/webhooks';
import { QueryState } from '@web/components/query-state';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';

const text = webhooksMessages;
const STATE_VARIANTS = { sent: 'secondary', pending: 'outline', failed: 'destructive' } as const;

/** An endpoint's latest deliveries: event, when, state, the answer and its time, the error, 'Reenviar'. Live. */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const query = useWebhookDeliveries(endpoint.id);
  if (!query.data) return <QueryState query={query} />;
  if (query.data.length === 0) return <p className="text-muted-foreground">{text.logEmpty}</p>;
  return (
    <ol aria-label={formatMessage(text.logLabel, { url: endpoint.url })} className="grid gap-2">
      {query.data.map((delivery) => (
        <DeliveryLine key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
      ))}
    </ol>
  );
}

function DeliveryLine({ endpointId, delivery }: { endpointId: string; delivery: WebhookDeliveryView }) {
  const resend = useResendDelivery();
  const again = () =>
    resend.mutate({ endpointId, deliveryId: delivery.id }, { onSuccess: () => toast.success(text.resent), onError: (error) => toast.error(errorMessage(error)) });
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-md bg-muted/40 p-2">
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-1.5 font-medium">
          {text.eventNames[delivery.event]}
          {delivery.test && <Badge variant="outline">{text.test}</Badge>}
          <Badge variant={STATE_VARIANTS[delivery.state]}>{text.states[delivery.state]}</Badge>
        </p>
        <p className="text-muted-foreground">
          {formatDateTime(delivery.createdAt)} · {formatMessage(text.attempts, { count: delivery.attempts })}
        </p>
        {delivery.lastStatus !== null && delivery.lastDurationMs !== null && (
          <p>{formatMessage(text.answer, { status: delivery.lastStatus, ms: delivery.lastDurationMs })}</p>
        )}
        {delivery.lastError && <p className="break-words text-destructive">{delivery.lastError}</p>}
        <p className="break-all font-mono text-xs text-muted-foreground">{delivery.messageId}</p>
      </div>
      {delivery.state !== 'pending' && (
        <Button type="button" variant="outline" onClick={again} disabled={resend.isPending}>
          {text.resend}
        </Button>
      )}
    </li>
  );
}
