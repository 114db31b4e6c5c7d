import { z } from 'zod';
import { paymentSettingsMessages } from '../staff-messages/payments-settings.ts';

const v = paymentSettingsMessages.validation;

/** Standard (sk_) or restricted (rk_) keys, test or live: the prefix is always 8 characters. */
const SECRET_KEY_PREFIX = /^[sr]k_(test|live)_/;
const WEBHOOK_SECRET_PREFIX = /^whsec_/;

interface SecretShape {
  prefix: RegExp;
  /** What follows the prefix. */
  body: RegExp;
  min: number;
  max: number;
  shape: string;
  length: string;
}

/** An empty value keeps the saved one; anything else must look like what Stripe hands out. */
const secretField = ({ prefix, body, min, max, shape, length }: SecretShape) =>
  z
    .string()
    .trim()
    .superRefine((value, context) => {
      if (value === '') return;
      const rest = value.replace(prefix, '');
      if (rest === value) context.addIssue({ code: 'custom', message: shape });
      else if (rest.length < min || rest.length > max) context.addIssue({ code: 'custom', message: length });
      else if (!body.test(rest)) context.addIssue({ code: 'custom', message: shape });
    })
    .optional();

/** PUT /api/admin/payments/settings. A secret key is needed on the first save; an empty field keeps the saved one. */
export const paymentSettingsInputSchema = z
  .object({
    secretKey: secretField({
      prefix: SECRET_KEY_PREFIX,
      body: /^[A-Z0-9]+$/i,
      min: 20,
      max: 247,
      shape: v.secretKeyShape,
      length: v.secretKeyLength,
    }),
    webhookSecret: secretField({
      prefix: WEBHOOK_SECRET_PREFIX,
      body: /^[\w+/=-]+$/,
      min: 16,
      max: 250,
      shape: v.webhookSecretShape,
      length: v.webhookSecretLength,
    }),
  })
  .strict();
export type PaymentSettingsInput = z.input<typeof paymentSettingsInputSchema>;

/** A live key moves real money; a test key only Stripe's test cards. */
export const isLiveKey = (secretKey: string): boolean => /^[sr]k_live_/.test(secretKey);

/** 'sk_test_…1a2b': enough to recognise the key, never enough to use it. */
export const secretKeyHint = (secretKey: string): string => `${secretKey.slice(0, 8)}…${secretKey.slice(-4)}`;

/** GET /api/admin/payments/settings: never a key, only its hint and whether this server can read it. */
export interface PaymentSettingsView {
  /** Keys are saved (readable or not). */
  connected: boolean;
  livemode: boolean;
  /** Null when nothing is saved or the key cannot be opened here. */
  secretKeyHint: string | null;
  webhookSecretSaved: boolean;
  /** False when the keys were sealed under another SECRETS_KEY. */
  keysReadable: boolean;
  /** The address to give Stripe for its events. */
  webhookUrl: string;
}

/** POST /api/admin/payments/test: 200 either way, the reason in the owner's words. */
export type PaymentConnectionTest = { ok: true; message: string; accountName: string | null } | { ok: false; message: string };
