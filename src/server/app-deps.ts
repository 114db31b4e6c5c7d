import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { VapidKeys } from './modules/push/keys.ts';
import type { Clock } from './platform/clock.ts';
import type { ChangeBus } from './platform/events.ts';
import type { RateLimits } from './platform/rate-limit.ts';
import type { ServiceDeps } from './platform/service-deps.ts';

/** Everything the HTTP app is built from; route files take it, services take the narrower ServiceDeps. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  changes: ChangeBus;
  /** The VAPID keys, loaded once at start. */
  vapidKeys: () => Promise<VapidKeys>;
  /** Per-IP limits of the public and sign-in routes (createRateLimits). */
  rateLimits: RateLimits;
  /** Keys the session-id hashes (loadSessionSecret). */
  sessionSecret: string;
  /** The built web client (dist/web); null serves the API alone. */
  webRoot: string | null;
  logger?: FastifyServerOptions['logger'];
}

/** The part of AppDeps a module's service needs. */
export const serviceDeps = (deps: AppDeps): ServiceDeps => ({ db: deps.database.db, clock: deps.clock, publicUrl: deps.config.publicUrl });
