import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorBody } from './errors.ts';
import { parseInput } from './validation.ts';

const schema = z.object({ name: z.string(), tags: z.array(z.object({ label: z.string() })) });

function refusal(value: unknown): AppError {
  try {
    parseInput(schema, value);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'Ana', tags: [{ label: 'VIP' }] })).toEqual({ name: 'Ana', tags: [{ label: 'VIP' }] });
  });

  it('names the first field holding a NUL or a lone surrogate', () => {
    const error = refusal({ name: 'Ana', tags: [{ label: 'ok' }, { label: 'a\u0000b' }, { label: '\ud800' }] });
    expect(error.status).toBe(400);
    expect(errorBody(error, 'request').error.fields).toEqual({ 'tags.1.label': 'El texto contiene caracteres no válidos.' });
  });

  it("says a failing field with the route's own text when it gives one, by top-level field or '_' for the whole", () => {
    const strict = z.object({ name: z.string(), tags: z.array(z.object({ label: z.string() })) }).strict();
    const texts = { tags: 'Etiquetas no válidas', _: 'Sobra algo' };
    const said = (value: unknown) => {
      try {
        parseInput(strict, value, texts);
      } catch (error) {
        return errorBody(error as AppError, 'request').error;
      }
      throw new Error('accepted');
    };
    expect(said({ name: 1, tags: [{ label: 2 }] }).fields).toEqual({ name: expect.any(String), 'tags.0.label': 'Etiquetas no válidas' });
    expect(said({ name: 'Ana', tags: [], other: true })).toMatchObject({ message: 'Sobra algo', fields: { _: 'Sobra algo' } });
  });

  it('refuses thousands of nested arrays with a 400 instead of overflowing the stack', () => {
    const nested = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    const error = refusal({ name: 'Ana', tags: nested });
    expect(error.status).toBe(400);
    expect(error.message).toBe('Los datos enviados no son válidos.');
  });
});
