import { ApiKeysCard } from './api-keys-card';

/** Configuración › Integraciones (issue 48): the owner's API keys; the webhooks' card will sit beside it. */
export function IntegrationsTab() {
  return (
    <div className="grid gap-6">
      <ApiKeysCard />
    </div>
  );
}
