import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers over 1 KB in brotli (a fast level) or gzip, for one API scope. Only the API: the build's files are
 * precompressed, pages compress themselves (web-assets.ts) and the event stream is hijacked. A 300-booking day is
 * 137 KB of JSON and about 12 KB in brotli. No answer mixes a secret with reflected input, so compressing leaks
 * nothing (BREACH). `types`: the content types compressed (the API reference's scope adds its page, script, styles).
 */
export async function registerApiCompression(scope: FastifyInstance, types: RegExp = /^application\/json\b/): Promise<void> {
  await scope.register(fastifyCompress, {
    customTypes: types,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
