import { formatMessage } from '@shared/messages';
import type { ApiKeyView } from '@shared/schemas/api-keys';
import { integrationsMessages } from '@shared/staff-messages/integrations';
import { ConfirmButton } from '@web/components/confirm-button';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/format';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { QueryCard } from '../fields/query-card';
import { NewKeyDialog } from './new-key-dialog';

const text = integrationsMessages.keys;

/** 'Claves de API': 'Nueva clave', then every key with its scopes, dates and 'Revocar'. The owner's alone. */
export function ApiKeysCard() {
  return (
    <QueryCard title={text.title} intro={text.intro} query={useApiKeys()}>
      {(keys) => (
        <>
          <p className="text-sm text-muted-foreground">{formatMessage(text.usage, { url: `${window.location.origin}/api/v1` })}</p>
          <div>
            <NewKeyDialog />
          </div>
          {keys.length === 0 ? (
            <p className="text-sm">{text.empty}</p>
          ) : (
            <ul aria-label={text.listLabel} className="flex flex-col gap-2">
              {keys.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} />
              ))}
            </ul>
          )}
        </>
      )}
    </QueryCard>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const scopes = integrationsMessages.scopes;
  return (
    <li aria-label={apiKey.name} className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3 text-sm">
      <div className="grid min-w-0 gap-1">
        <p className="break-words font-medium">{apiKey.name}</p>
        <p className="break-all font-mono text-xs text-muted-foreground">{apiKey.prefix}_…</p>
        <p className="flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="secondary">
              {scopes[scope].label}
            </Badge>
          ))}
        </p>
        <p className="text-muted-foreground">
          {text.createdAt}: {formatDateTime(apiKey.createdAt)}
          {apiKey.createdByEmail && ` ${formatMessage(text.createdBy, { email: apiKey.createdByEmail })}`}
        </p>
        <p className="text-muted-foreground">
          {text.lastUsed}: {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : text.neverUsed}
        </p>
        {apiKey.revokedAt && (
          <p className="font-medium text-destructive">
            {text.revokedAt}: {formatDateTime(apiKey.revokedAt)}
          </p>
        )}
      </div>
      {!apiKey.revokedAt && <RevokeKey apiKey={apiKey} />}
    </li>
  );
}

/** 'Revocar', behind a confirmation: the programs using the key stop at once. */
function RevokeKey({ apiKey }: { apiKey: ApiKeyView }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmButton
      label={text.revoke}
      title={formatMessage(text.revokeTitle, { name: apiKey.name })}
      description={text.revokeDescription}
      mutation={revoke}
      variables={apiKey.id}
      successMessage={text.revoked}
    />
  );
}
