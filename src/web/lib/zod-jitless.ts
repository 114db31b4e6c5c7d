import { z } from 'zod/v4';

/**
 * 'zod' as the browser build resolves it (vite.config.ts aliases the bare import here, decision 058): zod itself, with
 * jitless on. script-src has no 'unsafe-eval'; without jitless zod probes `new Function` to compile fast object
 * parsers, and although the probe fails quietly the browser reports a violation. zod reads the flag when it builds an
 * object schema, so it has to be set before any schema module runs: every module importing 'zod' imports this one, whose
 * body runs first. The first screen of the guest page stays without zod (PERFORMANCE.md).
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
