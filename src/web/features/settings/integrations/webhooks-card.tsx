import { useState } from 'react';
import { formatMessage } from '@shared/messages';
import type { WebhookEndpointView } from '@shared/schemas/webhooks';
import { webhooksMessages } from '@shared/staff-messages/webhooks';
import { ConfirmButton } from '@web/components/confirm-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { toast } from '@web/lib/lazy-toaster';
import { useRemoveWebhook, useSendTestDelivery, useUpdateWebhook, useWebhookEndpoints } from '../api/webhooks';
import { QueryCard } from '../fields/query-card';
import { NewWebhookDialog } from './new-webhook-dialog';
import { WebhookDeliveries } from './webhook-deliveries';

const text = webhooksMessages;
const failed = (error: unknown) => toast.error(errorMessage(error));

/** 'Webhooks': 'Nuevo webhook', then each endpoint with its events, state, log, 'Enviar prueba' and 'Eliminar'. */
export function WebhooksCard() {
  return (
    <QueryCard title={text.title} intro={text.intro} query={useWebhookEndpoints()}>
      {(endpoints) => (
        <>
          <div>
            <NewWebhookDialog />
          </div>
          {endpoints.length === 0 ? (
            <p className="text-sm">{text.empty}</p>
          ) : (
            <ul aria-label={text.listLabel} className="flex flex-col gap-2">
              {endpoints.map((endpoint) => (
                <WebhookRow key={endpoint.id} endpoint={endpoint} />
              ))}
            </ul>
          )}
        </>
      )}
    </QueryCard>
  );
}

function WebhookRow({ endpoint }: { endpoint: WebhookEndpointView }) {
  const [showLog, setShowLog] = useState(false);
  const sendTest = useSendTestDelivery();
  const resume = useUpdateWebhook();
  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        setShowLog(true);
        toast.success(text.testQueued);
      },
      onError: failed,
    });
  const restart = () =>
    resume.mutate({ id: endpoint.id, url: endpoint.url, events: endpoint.events, allowLocal: endpoint.allowLocal }, { onSuccess: () => toast.success(text.resumed), onError: failed });
  return (
    <li aria-label={endpoint.url} className="grid gap-3 rounded-md border p-3 text-sm">
      <div className="grid min-w-0 gap-1">
        <p className="break-all font-mono font-medium">{endpoint.url}</p>
        <p className="flex flex-wrap gap-1">
          {endpoint.pausedAt && <Badge variant="warning">{text.pausedBadge}</Badge>}
          {endpoint.allowLocal && <Badge variant="outline">{text.localBadge}</Badge>}
          {endpoint.events.map((event) => (
            <Badge key={event} variant="secondary">
              {text.eventNames[event]}
            </Badge>
          ))}
        </p>
        {endpoint.pausedAt ? (
          <p className="text-destructive">{formatMessage(text.pausedHint, { date: formatDateTime(endpoint.pausedAt) })}</p>
        ) : (
          endpoint.failingSince && <p className="text-muted-foreground">{formatMessage(text.failingHint, { date: formatDateTime(endpoint.failingSince) })}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {endpoint.pausedAt && (
          <Button type="button" onClick={restart} disabled={resume.isPending}>
            {text.resume}
          </Button>
        )}
        <Button type="button" variant="outline" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? text.hideLog : text.showLog}
        </Button>
        <Button type="button" variant="outline" onClick={test} disabled={sendTest.isPending}>
          {text.sendTest}
        </Button>
        <RemoveWebhook endpoint={endpoint} />
      </div>
      {showLog && <WebhookDeliveries endpoint={endpoint} />}
    </li>
  );
}

/** 'Eliminar', behind a confirmation: no more events, and its log goes with it. */
function RemoveWebhook({ endpoint }: { endpoint: WebhookEndpointView }) {
  const remove = useRemoveWebhook();
  return (
    <ConfirmButton
      label={text.remove}
      title={formatMessage(text.removeTitle, { url: endpoint.url })}
      description={text.removeDescription}
      mutation={remove}
      variables={endpoint.id}
      successMessage={text.removed}
    />
  );
}
