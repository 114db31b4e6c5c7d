import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/** Configuración › Integraciones (issue 48): the owner's API keys and webhooks. */
export function IntegrationsTab() {
  return (
    <div className="grid gap-6">
      <ApiKeysCard />
      <WebhooksCard />
    </div>
  );
}
