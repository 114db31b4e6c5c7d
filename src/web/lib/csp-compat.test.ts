import { describe, expect, it } from 'vitest';
import './csp-compat';
import { config, z } from 'zod';

describe('csp-compat', () => {
  it("turns on zod's jitless mode without importing zod itself", () => {
    expect(config().jitless).toBe(true);
  });

  it('leaves zod parsing objects (without compiling them)', () => {
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: 'Ana' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
  });
});
