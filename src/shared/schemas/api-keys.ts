// API keys (issue 48, decision 049): what the owner creates in Configuración › Integraciones for /api/v1. The key
// itself travels once, in the answer that created it; the list shows only its public prefix.
import { z } from 'zod';
import { integrationsMessages } from '../staff-messages/integrations.ts';

const text = integrationsMessages.validation;

/**
 * lectura: every read but the guests'; reservas: reservations and the waitlist written; mesas: arrival, tables and
 * bill; clientes: the guest records. Exactly what each opens is decision 049, and each /api/v1 route names its one.
 */
export const API_KEY_SCOPES = ['lectura', 'reservas', 'mesas', 'clientes'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 60;
const CONTROL_CHARACTER = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** POST /api/admin/integrations/api-keys: 'Nueva clave'. */
export const apiKeyInputSchema = z.object({
  name: z
    .string({ error: text.nameRequired })
    .trim()
    .min(1, text.nameRequired)
    .max(API_KEY_NAME_MAX, { error: text.nameTooLong, abort: true })
    .refine((name) => !CONTROL_CHARACTER.test(name), text.nameInvalid),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: text.scopeInvalid }), { error: text.scopesRequired })
    .min(1, text.scopesRequired)
    .max(API_KEY_SCOPES.length * 2, text.scopeInvalid)
    // In the catalogue's order, each once: the list and Seguridad name them alike however they were sent.
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** A key as the list shows it: never the secret, never its hash. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The key's first, public part ('mesa_1a2b3c4d5e6f'): enough to tell which key a program holds. */
  prefix: z.string(),
  createdAt: z.string(),
  /** Who created it; null once that account is gone. */
  createdByEmail: z.string().nullable(),
  /** Written at most once a minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The answer to 'Nueva clave': the only time the key is ever shown. */
export const apiKeyCreatedSchema = z.object({ key: z.string(), apiKey: apiKeyViewSchema });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
