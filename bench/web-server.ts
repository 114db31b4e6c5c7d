/**
 * The server as main.ts starts it, but serving the web client from BENCH_WEB_ROOT (the bench's own temporary build)
 * instead of dist/web, which other work in the checkout may be rebuilding. Used for the Lighthouse run only.
 */
import { loadConfig } from '../src/server/config.ts';
import { startInstance } from '../src/server/instance.ts';

process.env.NODE_ENV ??= 'production'; // as src/server/main.ts
const webRoot = process.env.BENCH_WEB_ROOT;
if (!webRoot) throw new Error('BENCH_WEB_ROOT is not set');
const instance = await startInstance({ config: loadConfig(), webRoot });
process.once('SIGTERM', () => {
  instance.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
