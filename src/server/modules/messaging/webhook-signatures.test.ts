import { createHmac } from 'node:crypto';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { validMetaSignature, validTwilioSignature } from './webhook-signatures.ts';

/** As Meta signs: 'sha256=' and the hex HMAC-SHA256 of the body. */
const metaSignature = (secret: string, payload: string) => `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [] }] });

describe('validMetaSignature', () => {
  it("accepts Meta's signature of the raw body and nothing else", () => {
    const header = metaSignature('app-secret', body);
    expect(validMetaSignature('app-secret', body, header)).toBe(true);
    expect(validMetaSignature('app-secret', Buffer.from(body), header)).toBe(true);
    expect(validMetaSignature('other-secret', body, header)).toBe(false);
    expect(validMetaSignature('app-secret', `${body} `, header)).toBe(false);
    expect(validMetaSignature('app-secret', body, header.replace('sha256=', 'sha1='))).toBe(false);
    expect(validMetaSignature('app-secret', body, undefined)).toBe(false);
    expect(validMetaSignature('app-secret', body, 'sha256=')).toBe(false);
  });
});

describe('validTwilioSignature', () => {
  const url = 'https://mesa.example.es/api/public/messaging/twilio/webhook';
  const fields = { MessageSid: 'SM0123456789abcdef0123456789abcdef', From: '+34612345678', To: '+15005550006', Body: '9' };

  it("accepts Twilio's signature of the public URL and the fields, and nothing else", () => {
    const header = twilio.getExpectedTwilioSignature('auth-token', url, fields);
    expect(validTwilioSignature('auth-token', url, fields, header)).toBe(true);
    expect(validTwilioSignature('other-token', url, fields, header)).toBe(false);
    expect(validTwilioSignature('auth-token', url, { ...fields, Body: '1' }, header)).toBe(false);
    // Signed for the address Twilio was given; the same request seen through a proxy's internal Host does not pass.
    expect(validTwilioSignature('auth-token', 'http://10.0.0.5:3000/api/public/messaging/twilio/webhook', fields, header)).toBe(false);
    expect(validTwilioSignature('auth-token', url, fields, undefined)).toBe(false);
  });
});
