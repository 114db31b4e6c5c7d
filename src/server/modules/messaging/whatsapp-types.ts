/*
 * The WhatsApp Cloud API's wire shapes that Mesa meets, typed from Meta's documentation (Meta publishes no Node SDK):
 * the Graph API's send-message request and answer, its error object, and the webhook envelope of `messages` and
 * `statuses` notifications.
 */

/** POST /v{N}.0/{phone-number-id}/messages, the two types Mesa sends. */
export type GraphSendRequest = {
  messaging_product: 'whatsapp';
  recipient_type?: 'individual';
  to: string;
  context?: { message_id: string };
} & (
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | { type: 'template'; template: GraphTemplate }
);

export interface GraphTemplate {
  name: string;
  language: { code: string; policy?: 'deterministic' };
  components?: GraphTemplateComponent[];
}

export type GraphTemplateComponent =
  | { type: 'header' | 'body'; parameters: GraphTextParameter[] }
  | { type: 'button'; sub_type: 'quick_reply'; index: string; parameters: { type: 'payload'; payload: string }[] };

export interface GraphTextParameter {
  type: 'text';
  text: string;
  /** Named parameters ({{first_name}}) carry their name; positional ones ({{1}}) do not. */
  parameter_name?: string;
}

export interface GraphSendResponse {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  /** message_status only for template messages: 'accepted' once Meta took it. */
  messages: { id: string; message_status?: 'accepted' }[];
}

export interface GraphErrorBody {
  error: {
    message: string;
    type: 'OAuthException' | 'GraphMethodException';
    code: number;
    error_subcode?: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

/** An error as it appears in a `failed` status (and in Meta's error-code reference). */
export interface WhatsAppError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
}

export type WhatsAppStatusName = 'sent' | 'delivered' | 'read' | 'failed';

export interface WhatsAppStatus {
  id: string;
  status: WhatsAppStatusName;
  timestamp: string;
  recipient_id: string;
  pricing?: { billable: boolean; pricing_model: 'PMP'; category: 'utility' | 'service'; type: 'regular' | 'free_customer_service' };
  errors?: WhatsAppError[];
}

interface InboundBase {
  from: string;
  id: string;
  timestamp: string;
  /** Set when the guest answered a particular message (a quick-reply button always does). */
  context?: { from: string; id: string };
}

export type WhatsAppInboundMessage = InboundBase &
  (
    | { type: 'text'; text: { body: string } }
    | { type: 'button'; button: { payload: string; text: string } }
    | { type: 'interactive'; interactive: { type: 'button_reply'; button_reply: { id: string; title: string } } }
  );

export interface WhatsAppChangeValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: { profile: { name: string }; wa_id: string }[];
  messages?: WhatsAppInboundMessage[];
  statuses?: WhatsAppStatus[];
}

export interface WhatsAppWebhook {
  object: 'whatsapp_business_account';
  entry: { id: string; changes: { value: WhatsAppChangeValue; field: 'messages' }[] }[];
}

/** GET /v{N}.0/{waba-id}/message_templates: one entry of `data`. */
export interface GraphMessageTemplate {
  id: string;
  name: string;
  language: string;
  status: 'APPROVED';
  category: 'UTILITY' | 'MARKETING';
  components: (
    | { type: 'BODY'; text: string }
    | { type: 'BUTTONS'; buttons: { type: 'QUICK_REPLY'; text: string }[] }
  )[];
}

/** GET /v{N}.0/{phone-number-id}: the fields the number answers by default. */
export interface GraphPhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name: string;
  code_verification_status: 'VERIFIED';
  quality_rating: 'GREEN';
  platform_type: 'CLOUD_API';
  throughput: { level: 'STANDARD' };
}
