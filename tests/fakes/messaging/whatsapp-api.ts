import { randomBytes } from 'node:crypto';
import type { ApiAnswer } from '../http.ts';
import { digitsOf, e164, newWamid, type FakeFailure, type FakeMessagingStore, type FakeTemplate, type SentMessage, type SentTemplate } from './store.ts';
import type { GraphErrorBody, GraphMessageTemplate, GraphPhoneNumber, GraphSendResponse } from '@server/modules/messaging/whatsapp-types.ts';

/*
 * The Graph API routes of the WhatsApp Cloud API that Mesa calls: send a message (a template, or text inside the
 * customer-service window), mark a guest's message read, list the templates, read the number. Answers and errors in
 * Graph's shapes; what Meta reports later (sent, delivered, a failure) goes out through `onAccepted`.
 */

export interface WhatsAppApiConfig {
  /** null: any non-empty token is accepted. */
  accessToken: string | null;
  /** null: any numeric id is a phone number (or a business account) of this fake. */
  phoneNumberId: string | null;
  wabaId: string | null;
  displayPhoneNumber: string;
  verifiedName: string;
  /** null: any template name and language is approved. */
  templates: FakeTemplate[] | null;
}

export interface WhatsAppApi {
  config: WhatsAppApiConfig;
  store: FakeMessagingStore;
  onAccepted(message: SentMessage, failure: FakeFailure | undefined): void;
}

type Json = Record<string, unknown>;

const ROUTE = /^\/v\d{1,2}\.0\/(\d{1,20})(\/(?:messages|message_templates))?$/;

export function graphError(status: number, code: number, message: string, extra: { subcode?: number; details?: string } = {}): ApiAnswer {
  const body: GraphErrorBody = {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(extra.subcode === undefined ? {} : { error_subcode: extra.subcode }),
      ...(extra.details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details: extra.details } }),
      fbtrace_id: randomBytes(12).toString('base64url'),
    },
  };
  return { status, body };
}

const missing = (details: string) => graphError(400, 131008, '(#131008) Required parameter is missing', { details });
const notValid = (details: string) => graphError(400, 131009, '(#131009) Parameter value is not valid', { details });

function noSuchObject(method: string, id: string): ApiAnswer {
  const verb = method === 'GET' ? 'get' : 'post';
  return graphError(400, 100, `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`, { subcode: 33 });
}

export function routeGraph(api: WhatsAppApi, method: string, pathname: string, authorization: string | undefined, body: string): ApiAnswer | undefined {
  const match = ROUTE.exec(pathname);
  if (!match) return undefined;
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (token === undefined || (api.config.accessToken !== null && token !== api.config.accessToken)) {
    const answer = graphError(401, 190, token === undefined ? 'An active access token must be used to query information about the current user.' : 'Invalid OAuth access token - Cannot parse access token');
    return { ...answer, headers: { 'WWW-Authenticate': 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token"' } };
  }
  const id = match[1] ?? '';
  const edge = match[2];
  const { config } = api;
  if (edge === '/message_templates') {
    if (method !== 'GET' || (config.wabaId !== null && id !== config.wabaId)) return noSuchObject(method, id);
    return { status: 200, body: { data: templateList(api), paging: { cursors: { before: 'QVFIUmVm', after: 'QVFIUmVm' } } } };
  }
  if (config.phoneNumberId !== null && id !== config.phoneNumberId) return noSuchObject(method, id);
  if (edge === undefined) {
    if (method !== 'GET') return noSuchObject(method, id);
    const number: GraphPhoneNumber = { id, display_phone_number: config.displayPhoneNumber, verified_name: config.verifiedName, code_verification_status: 'VERIFIED', quality_rating: 'GREEN', platform_type: 'CLOUD_API', throughput: { level: 'STANDARD' } };
    return { status: 200, body: number };
  }
  if (method !== 'POST') return noSuchObject(method, id);
  return sendMessage(api, id, body);
}

function parseJson(body: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function sendMessage(api: WhatsAppApi, phoneNumberId: string, rawBody: string): ApiAnswer {
  const body = parseJson(rawBody);
  if (body === undefined) return graphError(400, 100, '(#100) Invalid parameter', { details: 'The request body must be a JSON object.' });
  if (body.messaging_product === undefined) return graphError(400, 100, '(#100) The parameter messaging_product is required.');
  if (body.messaging_product !== 'whatsapp') return graphError(400, 100, '(#100) Param messaging_product must be one of {WHATSAPP} - got "' + String(body.messaging_product) + '".');
  if (body.status === 'read') return markRead(api, body);
  if (typeof body.to !== 'string' || body.to === '') return graphError(400, 100, '(#100) The parameter to is required.');
  const digits = digitsOf(body.to);
  if (!/^[+\d\s().-]+$/.test(body.to) || digits.length < 8 || digits.length > 15) return notValid(`Invalid 'to' parameter: '${body.to}'.`);
  const type = body.type ?? 'text';
  if (type !== 'text' && type !== 'template') return notValid(`The fake WhatsApp sends only types 'text' and 'template' (got '${String(type)}').`);

  let text: string | null = null;
  let template: SentTemplate | null = null;
  if (type === 'text') {
    const content = body.text;
    if (!isObject(content) || typeof content.body !== 'string' || content.body === '') return missing("Param text['body'] is required.");
    if (content.body.length > 4096) return notValid("Param text['body'] must be at most 4096 characters long.");
    text = content.body;
  } else {
    const parsed = parseTemplate(api, body.template);
    if ('status' in parsed) return parsed;
    template = parsed;
  }

  const failure = api.store.takeFailure('whatsapp');
  if (failure?.kind === 'network') return { status: 0, body: null, drop: true };
  if (failure?.kind === 'request') {
    const code = failure.code ?? (failure.status === 429 ? 130429 : 131000);
    return graphError(failure.status, code, `(#${code}) ${failure.message ?? (code === 130429 ? 'Rate limit hit' : 'Something went wrong')}`, { details: failure.message ?? 'The fake was told to fail this request.' });
  }
  const message = api.store.recordSent({
    channel: 'whatsapp',
    id: newWamid(),
    to: e164(body.to),
    from: e164(api.config.displayPhoneNumber),
    sentAt: api.store.now(),
    text,
    template,
    statuses: [],
    whatsapp: { phoneNumberId },
  });
  api.onAccepted(message, failure);
  const answer: GraphSendResponse = {
    messaging_product: 'whatsapp',
    contacts: [{ input: body.to, wa_id: digits }],
    messages: [template === null ? { id: message.id } : { id: message.id, message_status: 'accepted' }],
  };
  return { status: 200, body: answer };
}

function parseTemplate(api: WhatsAppApi, value: unknown): SentTemplate | ApiAnswer {
  if (!isObject(value)) return missing("Param template is required for type 'template'.");
  if (typeof value.name !== 'string' || value.name === '') return missing("Param template['name'] is required.");
  const language = isObject(value.language) ? value.language.code : undefined;
  if (typeof language !== 'string' || language === '') return missing("Param template['language']['code'] is required.");
  const components = value.components ?? [];
  if (!Array.isArray(components)) return notValid("Param template['components'] must be an array.");

  const bodyParameters: string[] = [];
  const payloads = new Map<number, string>();
  for (const component of components) {
    if (!isObject(component) || !Array.isArray(component.parameters)) return missing("Each of template['components'] needs 'type' and 'parameters'.");
    if (component.type === 'header' || component.type === 'body') {
      for (const parameter of component.parameters) {
        if (!isObject(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string') return notValid("The fake takes only {type: 'text', text} parameters in a header or body.");
        if (parameter.text.trim() === '' || /[\n\t]| {5}/.test(parameter.text)) return notValid('A text parameter cannot be empty nor contain new lines, tabs or more than 4 consecutive spaces.');
        if (component.type === 'body') bodyParameters.push(parameter.text);
      }
    } else if (component.type === 'button') {
      const index = Number(component.index);
      const payload = isObject(component.parameters[0]) ? component.parameters[0].payload : undefined;
      if (component.sub_type !== 'quick_reply') return notValid("The fake takes only buttons of sub_type 'quick_reply'.");
      if (!Number.isInteger(index) || index < 0 || index > 9) return notValid("A button's 'index' must be '0' to '9'.");
      if (typeof payload !== 'string') return missing("A quick_reply button needs parameters [{type: 'payload', payload}].");
      payloads.set(index, payload);
    } else return notValid(`Unknown template component type '${String(component.type)}'.`);
  }

  const known = api.config.templates?.find((each) => each.name === value.name && each.language === language);
  if (api.config.templates !== null && known === undefined) {
    return graphError(404, 132001, '(#132001) Template name does not exist in the translation', { details: `template name (${value.name}) does not exist in ${language}` });
  }
  const expected = known?.body === undefined ? undefined : new Set(known.body.match(/\{\{\d+\}\}/g) ?? []).size;
  if (expected !== undefined && expected !== bodyParameters.length) {
    return graphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params', { details: `body: number of localizable_params (${bodyParameters.length}) does not match the expected number of params (${expected})` });
  }
  const buttons = [...payloads].sort(([a], [b]) => a - b).map(([index, payload]) => ({ index, payload, text: known?.buttons?.[index] ?? payload }));
  return { name: value.name, language, bodyParameters, buttons };
}

function markRead(api: WhatsAppApi, body: Json): ApiAnswer {
  if (typeof body.message_id !== 'string') return graphError(400, 100, '(#100) The parameter message_id is required.');
  if (!api.store.received.some((each) => each.channel === 'whatsapp' && each.id === body.message_id)) return notValid(`Unknown message_id '${body.message_id}'.`);
  return { status: 200, body: { success: true } };
}

function templateList(api: WhatsAppApi): GraphMessageTemplate[] {
  const templates = new Map<string, FakeTemplate>();
  for (const template of api.config.templates ?? []) templates.set(`${template.name} ${template.language}`, template);
  for (const message of api.store.sent) {
    if (message.template) templates.set(`${message.template.name} ${message.template.language}`, { name: message.template.name, language: message.template.language, buttons: message.template.buttons.map((button) => button.text) });
  }
  return [...templates.values()].map((template, position) => ({
    id: String(900000000000000 + position),
    name: template.name,
    language: template.language,
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      ...(template.body === undefined ? [] : [{ type: 'BODY' as const, text: template.body }]),
      ...(template.buttons?.length ? [{ type: 'BUTTONS' as const, buttons: template.buttons.map((text) => ({ type: 'QUICK_REPLY' as const, text })) }] : []),
    ],
  }));
}
