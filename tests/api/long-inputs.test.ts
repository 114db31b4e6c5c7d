// Issue 17, item 8: a value as long as the body limit allows, in every text field of every endpoint that takes a
// body, is refused with a 4xx and a Spanish message. How long each takes is measured by
// scripts/measure-long-inputs.ts against a real server, not here.
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages.ts';
import { BODY_LIMIT_BYTES, LONG_INPUT_TARGETS, LONG_VALUE_SHAPES, longBody, type LongValueShape } from '../support/long-inputs.ts';
import { ENGLISH_DEFAULT } from '../support/hostile-values.ts';
import { useApiSuite } from '../support/api-suite.ts';
import { freshAddress } from '../support/bookings.ts';

const { app, owner: admin } = useApiSuite();

const cases = Object.entries(LONG_INPUT_TARGETS).flatMap(([label, target]) =>
  target.texts.map((field) => [label, field] as const),
);

describe('a value as long as the body limit allows', () => {
  it('fills the body to the limit exactly, so validation (not the 413) answers', () => {
    const target = LONG_INPUT_TARGETS['POST /api/public/reservations']!;
    expect(Buffer.byteLength(longBody(target, 'customerEmail', 'dots'))).toBe(BODY_LIMIT_BYTES);
  });

  it.each(cases)('%s, field %s: 400 with the Spanish message, for every shape of value', async (label, field) => {
    const target = LONG_INPUT_TARGETS[label]!;
    for (const shape of Object.keys(LONG_VALUE_SHAPES) as LongValueShape[]) {
      const response = await app().request({
        method: target.method,
        url: target.path(),
        cookie: target.admin ? admin() : undefined,
        remoteAddress: freshAddress(),
        headers: { 'content-type': 'application/json' },
        payload: longBody(target, field, shape),
      });
      const shown = `${shape} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, shown).toBe(400);
      const error = response.json().error;
      expect(error.message, shown).toBe(messages.http.textTooLong);
      expect(error.fields, shown).toEqual({ [field]: messages.http.textTooLong });
      expect(error.message, shown).not.toMatch(ENGLISH_DEFAULT);
    }
  });
});
