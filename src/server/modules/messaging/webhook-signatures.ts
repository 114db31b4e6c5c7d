// The providers' webhook signatures (issue 46): a callback that fails its check changes nothing (403).
import { createHmac, timingSafeEqual } from 'node:crypto';
import twilio from 'twilio';

/** Meta: X-Hub-Signature-256 is 'sha256=' and the hex HMAC-SHA256 of the raw body, keyed with the app secret. */
export function validMetaSignature(appSecret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Twilio: X-Twilio-Signature over the URL Twilio called and the form's fields, checked by Twilio's SDK. The URL is
 * built from PUBLIC_URL by the caller, never from the Host header, so the check holds behind a proxy.
 */
export function validTwilioSignature(authToken: string, url: string, fields: Record<string, string>, header: string | undefined): boolean {
  return header !== undefined && twilio.validateRequest(authToken, header, url, fields);
}
