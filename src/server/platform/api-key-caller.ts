// Who calls /api/v1 (issue 48, decision 049): an API key, never a session. The api-keys module's guard sets
// `request.apiKey` for the whole prefix; each route names the one scope it needs, checked before its body is read.
import type { ApiKeyScope } from '@shared/schemas/api-keys.ts';

export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyCaller | null;
  }
  interface FastifyContextConfig {
    /** The scope an /api/v1 route needs (its apiRoute spec's `scope`); a route without one is refused to every key. */
    apiScope?: ApiKeyScope;
  }
}
