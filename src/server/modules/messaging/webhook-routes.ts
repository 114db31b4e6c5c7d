// The providers' webhooks under /api/public (issue 46, item 4), given to Meta and Twilio in 'Mensajería'. Each
// proves itself by its signature (403 and nothing changed otherwise): Meta's over the raw body with the app secret,
// Twilio's over the URL built from PUBLIC_URL (never the Host header, so it holds behind a proxy) and the form.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { findMessagingSettings, type MessagingContext, openAccounts } from './connection.ts';
import { TWILIO_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from './providers.ts';
import { validMetaSignature, validTwilioSignature } from './webhook-signatures.ts';
import { receiveTwilioCallback, receiveWhatsAppNotification } from './webhook-service.ts';

/** Notifications are small; a body past this is not one. */
const BODY_LIMIT = 256 * 1024;

const forbidden = () => new AppError(403, 'bad_signature', 'Firma no válida');

export function registerMessagingWebhookRoutes(app: FastifyInstance, deps: AppDeps, context: MessagingContext): void {
  const service = serviceDeps(deps);
  const accounts = async () => openAccounts(await findMessagingSettings(deps.database.db), context.box);

  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    // Meta's subscription check: the verify token the owner typed in both places, answered with the challenge.
    apiRoute(
      scoped,
      {
        method: 'GET',
        url: WHATSAPP_WEBHOOK_PATH,
        tag: 'Webhooks',
        summary: "Meta's subscription check for WhatsApp",
        description: "For Meta alone: `hub.mode=subscribe`, the verify token typed in 'Mensajería' and Meta's `hub.challenge`, answered back.",
        responses: { 200: { description: 'The challenge.', contentType: 'text/plain' } },
      },
      async (request, reply: FastifyReply) => {
        const query = request.query as Record<string, string | undefined>;
        const whatsapp = (await accounts()).whatsapp;
        const challenge = query['hub.challenge'];
        if (query['hub.mode'] !== 'subscribe' || !whatsapp || query['hub.verify_token'] !== whatsapp.verifyToken || !challenge) throw forbidden();
        return reply.type('text/plain').send(challenge.slice(0, 200));
      },
    );

    apiRoute(
      scoped,
      {
        method: 'POST',
        url: WHATSAPP_WEBHOOK_PATH,
        tag: 'Webhooks',
        summary: "WhatsApp's messages and delivery receipts",
        description: 'For Meta alone: the notification as Meta sent it, proved by its `X-Hub-Signature-256` header.',
        responses: {
          200: { description: 'Received.' },
          503: { description: '`{ retry: true }`: a receipt that came too early; Meta sends it again later.' },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest();
        const whatsapp = (await accounts()).whatsapp;
        if (!whatsapp || !validMetaSignature(whatsapp.appSecret, request.body, request.headers['x-hub-signature-256'] as string | undefined)) throw forbidden();
        const retry = await receiveWhatsAppNotification(service, whatsapp, request.body);
        // A receipt for a message whose send is still being recorded: Meta delivers it again later.
        if (retry) return reply.code(503).send({ retry: true });
        return { received: true };
      },
    );

    apiRoute(
      scoped,
      {
        method: 'POST',
        url: TWILIO_WEBHOOK_PATH,
        tag: 'Webhooks',
        summary: "Twilio's SMS and delivery receipts",
        description: 'For Twilio alone: its form fields, proved by its `X-Twilio-Signature` header over the address PUBLIC_URL gives.',
        responses: { 200: { description: 'Empty TwiML.', contentType: 'text/xml' } },
      },
      async (request, reply) => {
        const fields = request.body as Record<string, string> | null;
        if (!fields || typeof fields !== 'object' || Buffer.isBuffer(fields)) throw badRequest();
        const sms = (await accounts()).sms;
        const url = new URL(`/api/public${TWILIO_WEBHOOK_PATH}`, deps.config.publicUrl).toString() + (request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '');
        if (!sms || !validTwilioSignature(sms.authToken, url, fields, request.headers['x-twilio-signature'] as string | undefined)) throw forbidden();
        const reference = Number((request.query as Record<string, string | undefined>).message);
        await receiveTwilioCallback(service, sms, fields, Number.isSafeInteger(reference) && reference > 0 ? reference : null);
        // TwiML with nothing to say: Mesa answers through its own messages, not Twilio's auto-reply.
        return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      },
    );
  });
}
