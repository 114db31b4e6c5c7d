import { describe, expect, it } from 'vitest';
import viteConfig from '../../../vite.config.ts';
import { z } from './zod-jitless';
import { config } from 'zod';

describe('zod-jitless', () => {
  it("turns on zod's jitless mode through its public config", () => {
    expect(config().jitless).toBe(true);
  });

  it("is what 'zod' resolves to in the browser build", () => {
    const aliases = viteConfig.resolve?.alias as Array<{ find: RegExp | string; replacement: string }>;
    const zod = aliases.find(({ find }) => find instanceof RegExp && find.test('zod'));
    expect(zod?.replacement).toMatch(/src\/web\/lib\/zod-jitless\.ts$/);
    expect(aliases.some(({ find }) => find instanceof RegExp && find.test('zod/v4'))).toBe(false);
  });

  it('leaves zod parsing objects (without compiling them)', () => {
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: 'Ana' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
  });
});
