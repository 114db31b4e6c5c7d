import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { migrateWithBackup } from './db/upgrade.ts';
import { loadVapidKeys } from './modules/push/keys.ts';
import { PushWorker } from './modules/push/worker.ts';
import { messagingContext } from './modules/messaging/connection.ts';
import { MessagingWorker } from './modules/messaging/worker.ts';
import { WebhookWorker, webhookPruneJob } from './modules/webhooks/service.ts';
import { importsJob, watchImports } from './modules/imports/service.ts';
import { secretBox } from './platform/secret-box.ts';
import { freshBackup, nightlyBackupJob } from './modules/backups/service.ts';
import { outboxLinkMinter } from './modules/notifications/link-minter.ts';
import { newRequestSummaryJob } from './modules/notifications/new-request-alerts.ts';
import { remindersJob } from './modules/notifications/reminders.ts';
import { waitlistJob, watchFreedPlaces } from './modules/waitlist/service.ts';
import { feedbackJob } from './modules/feedback/service.ts';
import { paymentsContext, paymentsJob, watchSettledBookings } from './modules/payments/service.ts';
import { retentionJob } from './modules/privacy/service.ts';
import { emlDirectory } from './platform/eml-files.ts';
import { legalSourceOf, refreshPolicyVersion } from './modules/legal/service.ts';
import { announceSetupCode } from './modules/auth/first-run.ts';
import { dailyReportJob } from './modules/reports/service.ts';
import { type BackupControl, startBackupControl } from './modules/backups/backup-control.ts';
import { backupsDir, removeLeftoverBackups } from './modules/backups/backup-file.ts';
import { expiredBookingChallengesJob } from './modules/booking-defence/service.ts';
import { createRateLimits, expiredRateLimitsJob } from './platform/rate-limit.ts';
import { Scheduler } from './platform/scheduler.ts';
import { expiredSessionsJob, loadSessionSecret } from './platform/sessions.ts';
import { seedDatabase } from './db/seed.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type DataDirLock, lockDataDir } from './platform/data-dir-lock.ts';
import { currentStartupWarnings } from './startup-warnings.ts';
import { ChangeBus } from './platform/events.ts';
import type { MailTransport } from './platform/mailer.ts';
import { configuredMailTransport, mailContext } from './modules/mail-settings/service.ts';
import { getRestaurantConfig } from './modules/settings/service.ts';
import { OutboxWorker, type OutboxWorkerOptions } from './platform/outbox.ts';

/**
 * Who this instance is across restarts: the same host, data directory and port. Its delivery workers mark their
 * leases with it, so after a crash the restarted instance takes back its rows at once.
 */
export function workerIdentity(config: Pick<Config, 'dataDir' | 'port'>): string {
  return createHash('sha256').update(`${hostname()}\0${resolve(config.dataDir)}\0${config.port}`).digest('hex').slice(0, 16);
}

/** Where the embedded PGlite database lives inside DATA_DIR. */
export const embeddedDatabaseDir = (dataDir: string) => join(dataDir, 'pgdata');
export const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface InstanceOptions {
  config: Config;
  /** An already open (and migrated) database, e.g. a test's; otherwise opened from the config. */
  database?: DatabaseHandle;
  clock?: Clock;
  webRoot?: string | null;
  transport?: MailTransport;
  /** Delivery timing of the outbox worker (tests shorten it). */
  outbox?: Pick<OutboxWorkerOptions, 'pollIntervalMs' | 'retryBaseMs' | 'retryMaxMs' | 'maxAttempts'>;
  logger?: Parameters<typeof buildApp>[0]['logger'];
  /** Run the minute scheduler (reports, reminders); tests tick jobs themselves. */
  scheduler?: boolean;
  /** Bind the port; tests that use app.inject() skip it. */
  listen?: boolean;
}

export interface Instance {
  id: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  /** SESSION_SECRET, or the one every instance on this database shares. */
  sessionSecret: string;
  outbox: OutboxWorker;
  push: PushWorker;
  /** WhatsApp and SMS to guests (issue 46). */
  messages: MessagingWorker;
  /** Webhook deliveries to the owner's endpoints (issue 48). */
  webhooks: WebhookWorker;
  changes: ChangeBus;
  /** The minute scheduler; tests that do not start it tick it themselves with their clock. */
  scheduler: Scheduler;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens the embedded database (locked to this process) or the PostgreSQL pool, migrated (a database in use backed up
 * first: db/upgrade.ts) and seeded. `report`: where what it did is said.
 */
export async function openConfiguredDatabase(config: Config, holder: string, report: (line: string) => void = console.log) {
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = await lockDataDir(config.dataDir, holder);
  let database: DatabaseHandle | null = null;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(config.dataDir) });
    await migrateWithBackup(database, { dataDir: config.dataDir, postgresUrl: config.databaseUrl, keep: config.backup.keep, report });
    await seedDatabase(database.db);
    return { database, lock };
  } catch (error) {
    // Closed before the lock goes: the next opener must not find PGlite's files still in use.
    await database?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const { config } = options;
  const id = randomUUID();
  // Said once the server has its logger: what opening the database did, and what in the settings looks wrong.
  const startLines: string[] = [];
  const opened = options.database
    ? { database: options.database, lock: null }
    : await openConfiguredDatabase(config, 'the Mesa server', (line) => startLines.push(line));
  const { database, lock } = opened;
  const clock = options.clock ?? systemClock;
  const changes = new ChangeBus();
  const webRoot = options.webRoot === undefined ? (existsSync(defaultWebRoot) ? defaultWebRoot : null) : options.webRoot;
  const vapid = await loadVapidKeys(database.db, config.vapid);
  const sessionSecret = await loadSessionSecret(database.db, config.sessionSecret, config.dataDir);
  const app = await buildApp({
    config,
    database,
    clock,
    changes,
    webRoot,
    sessionSecret,
    rateLimits: createRateLimits(database, clock),
    logger: options.logger,
    vapidKeys: async () => vapid,
  });
  for (const line of startLines) app.log.info(line);
  for (const warning of currentStartupWarnings(config)) app.log.warn(warning);
  await changes.start(database);
  await refreshPolicyVersion(database.db, legalSourceOf(config), clock.now());

  const transport =
    options.transport ??
    configuredMailTransport(database.db, mailContext(config), app.log);
  const workerId = workerIdentity(config);
  const outbox = new OutboxWorker({
    database,
    workerId,
    transport,
    clock,
    from: config.mailFrom,
    restaurantName: async () => (await getRestaurantConfig(database.db)).name,
    messageIdDomain: config.publicUrl.hostname,
    mintLink: outboxLinkMinter(database.db, clock),
    logger: app.log,
    ...options.outbox,
  });
  await outbox.start();
  const push = new PushWorker({ database, workerId, clock, logger: app.log, vapid, ...options.outbox });
  await push.start();
  const messages = new MessagingWorker({
    database,
    workerId,
    clock,
    logger: app.log,
    context: messagingContext(config),
    mintLink: outboxLinkMinter(database.db, clock),
    ...options.outbox,
  });
  await messages.start();
  const webhooks = new WebhookWorker({ database, workerId, clock, logger: app.log, box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }), publicUrl: config.publicUrl, ...options.outbox });
  await webhooks.start();
  removeLeftoverBackups(backupsDir(config.dataDir));
  const nightlyBackup = nightlyBackupJob(database.db, id, {
    dataDir: config.dataDir,
    schedule: config.backup,
    instance: `${hostname()}:${config.port}`,
    clock,
  });
  const services = { db: database.db, clock, publicUrl: config.publicUrl };
  watchFreedPlaces(changes, services, app.log);
  watchImports(changes, services, app.log);
  const payments = paymentsContext(config);
  watchSettledBookings(changes, services, payments, app.log);
  const jobs = [
    remindersJob(database.db, id, config.publicUrl),
    newRequestSummaryJob(database.db, id, config.publicUrl),
    waitlistJob(services, id),
    feedbackJob(services, id),
    paymentsJob(services, payments, id),
    retentionJob(services, id, emlDirectory(config.dataDir)),
    webhookPruneJob(database.db, id),
    importsJob(services),
    dailyReportJob(database.db, id),
    expiredSessionsJob(database.db),
    expiredRateLimitsJob(database.db),
    expiredBookingChallengesJob(database.db),
    nightlyBackup,
  ];
  const scheduler = new Scheduler(clock, jobs, app.log);
  if (options.scheduler !== false) scheduler.start();
  // Only the holder of the embedded database's lock answers `npm run backup`; on PostgreSQL the script connects itself.
  let backupControl: BackupControl | null = null;
  if (lock) {
    backupControl = await startBackupControl(
      config.dataDir,
      async () => (await freshBackup(database.db, config.dataDir, clock.now())).stream,
      app.log,
    );
  }

  let url = '';
  if (options.listen !== false) {
    url = await app.listen({ port: config.port, host: config.host });
  }
  app.log.info(`mail goes to ${transport.description}`);
  await announceSetupCode(database.db, { dataDir: config.dataDir, embedded: database.kind === 'pglite', log: app.log });

  let stopped = false;
  return {
    id,
    app,
    database,
    sessionSecret,
    outbox,
    push,
    messages,
    webhooks,
    changes,
    scheduler,
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await backupControl?.close();
      await scheduler.stop();
      await app.close();
      await outbox.stop();
      await push.stop();
      await messages.stop();
      await webhooks.stop();
      transport.close();
      await changes.stop();
      if (!options.database) await database.close();
      lock?.release();
    },
  };
}
