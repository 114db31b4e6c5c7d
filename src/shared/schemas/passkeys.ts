// Passkeys (issue 44, item 2): the member's list under /api/admin/account/passkeys, and the WebAuthn answers the
// browser sends back (checked for shape and size here; their meaning by @simplewebauthn/server).
import { z } from 'zod';
import { passkeyMessages as text } from '../staff-messages/passkeys.ts';

export const PASSKEY_NAME_MAX = 60;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({
  available: z.boolean(),
  /** Why passkeys are off (PUBLIC_URL's host is an IP address); null when available. */
  reason: z.string().nullable(),
  passkeys: z.array(passkeySchema),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyNameSchema = z.object({
  name: z.string({ error: text.nameRequired }).trim().min(1, text.nameRequired).max(PASSKEY_NAME_MAX, text.nameTooLong),
});

const base64url = (max: number) => z.string().min(1).max(max).regex(/^[\w-]+$/);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);

/** What startRegistration() answers, as the browser posts it. */
export const registrationResponseSchema = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4_000),
    attestationObject: base64url(8_000),
    authenticatorData: base64url(4_000).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4_000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What startAuthentication() answers. */
export const authenticationResponseSchema = z.object({
  id: base64url(1_400),
  rawId: base64url(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4_000),
    authenticatorData: base64url(4_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
