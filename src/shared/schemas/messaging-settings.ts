// Configuración › Mensajería (issue 46, item 1): what the owner saves for WhatsApp and Twilio, and what is shown back
// (never a secret: only whether one is saved).
import { z } from 'zod';
import { messagingSettingsMessages } from '../staff-messages/messaging-settings.ts';
import { type MessageTemplateNames, TEMPLATE_MESSAGE_KINDS } from './messaging.ts';

const v = messagingSettingsMessages.validation;

const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
export const TWILIO_ACCOUNT_SID = /^AC[0-9a-f]{32}$/i;
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;
const E164 = /^\+[1-9]\d{6,14}$/;
const SECRET_MAX = 500;

/** An empty value keeps the saved secret; anything else is the whole secret, without spaces. */
const secretField = () =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (value.length <= SECRET_MAX && !/\s/.test(value)), v.secretShape)
    .optional();

/** Empty: not chosen yet (the channel cannot be switched on without it). */
const templateName = z
  .string()
  .trim()
  .refine((value) => value === '' || TEMPLATE_NAME.test(value), v.templateName);

/** The feedback template came later (issue 47) and is optional: without it, the request for a rating goes by email. */
const templatesSchema = z
  .object({
    ...(Object.fromEntries(TEMPLATE_MESSAGE_KINDS.map((kind) => [kind, templateName])) as Record<keyof MessageTemplateNames, typeof templateName>),
    feedback: templateName.default(''),
  })
  .strict();

/** PUT /api/admin/messaging/whatsapp ('Guardar'). */
export const whatsappSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    phoneNumberId: z.string().trim().regex(/^\d{5,30}$/, v.phoneNumberId),
    accessToken: secretField(),
    appSecret: secretField(),
    verifyToken: secretField(),
    templates: templatesSchema,
  })
  .strict();
export type WhatsAppSettingsInput = z.input<typeof whatsappSettingsInputSchema>;

/** PUT /api/admin/messaging/sms ('Guardar'). */
export const smsSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    accountSid: z.string().trim().regex(TWILIO_ACCOUNT_SID, v.accountSid),
    authToken: secretField(),
    sender: z
      .string()
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((value) => value === '' || E164.test(value) || MESSAGING_SERVICE_SID.test(value), v.sender),
  })
  .strict();
export type SmsSettingsInput = z.input<typeof smsSettingsInputSchema>;

/** POST /api/admin/messaging/{whatsapp,sms}/test ('Enviar prueba'): the number is read on the server. */
export const messagingTestInputSchema = z.object({ to: z.string().trim().min(1, v.phone).max(40, v.phone) }).strict();
export type MessagingTestInput = z.input<typeof messagingTestInputSchema>;

export const EMPTY_TEMPLATE_NAMES: MessageTemplateNames = {
  confirmation: '',
  modification: '',
  cancellation: '',
  reminder: '',
  waitlist_offer: '',
  feedback: '',
};

export interface WhatsAppSettingsView {
  enabled: boolean;
  phoneNumberId: string | null;
  accessTokenSaved: boolean;
  appSecretSaved: boolean;
  verifyTokenSaved: boolean;
  templates: MessageTemplateNames;
  /** The callback URL to give Meta. */
  webhookUrl: string;
  /** False when a saved secret was sealed under another SECRETS_KEY. */
  readable: boolean;
}

export interface SmsSettingsView {
  enabled: boolean;
  accountSid: string | null;
  authTokenSaved: boolean;
  sender: string | null;
  webhookUrl: string;
  readable: boolean;
}

/** GET /api/admin/messaging/settings. */
export interface MessagingSettingsView {
  whatsapp: WhatsAppSettingsView;
  sms: SmsSettingsView;
}

/** 'Enviar prueba': 200 either way, the provider's reason when it refused. */
export interface MessagingTestResult {
  ok: boolean;
  message: string;
}
