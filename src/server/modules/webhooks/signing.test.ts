import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders } from './signing.ts';

describe('signedHeaders', () => {
  const secret = newWebhookSecret();
  const at = new Date('2026-11-30T10:00:00.123Z');
  const body = '{"type":"reservation.confirmed","data":{"id":"r1"}}';
  const headers = signedHeaders(secret, 'msg_2Jx', at, body);

  it('writes the three headers of the specification, the signature computed as it says', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(headers['webhook-id']).toBe('msg_2Jx');
    expect(headers['webhook-timestamp']).toBe('1796032800');
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_2Jx.1796032800.${body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it("is accepted by the specification's own verifier, and refused once the body is touched", () => {
    const receiver = new Webhook(secret);
    // The verifier refuses a timestamp more than five minutes from its clock.
    const now = signedHeaders(secret, 'msg_now', new Date(), body);
    expect(receiver.verify(body, now)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body.replace('r1', 'r2'), now)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, now)).toThrow();
  });
});
