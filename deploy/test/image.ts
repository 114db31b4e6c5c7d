/**
 * The image, run (issue 43): `.ci/deploy-test` builds deploy/Dockerfile, copies the image's file system out and calls
 * this with its path and `podman image inspect`'s answer. No container runtime is needed: the image's CMD runs under
 * chroot as the image's user, with the image's environment and working directory, against the machine's PostgreSQL
 * and a local SMTP peer. Then: /healthz answers, the image's HEALTHCHECK command passes, a guest books, and the
 * confirmation leaves the outbox for the SMTP server. The logs are JSON lines with request ids.
 *
 *   DEPLOY_ROOTFS=/tmp/…/rootfs DEPLOY_IMAGE_INSPECT=/tmp/…/inspect.json npx tsx deploy/test/image.ts
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../tests/support/server-process.ts';
import { startSmtpPeer } from '../../tests/support/smtp-peer.ts';
import { book, check, createDatabase, pass, query, runTest, startProcess, stopProcess, waitFor, waitForHealth } from './support.ts';

interface ImageConfig {
  Env?: string[];
  Cmd?: string[];
  Entrypoint?: string[] | null;
  WorkingDir?: string;
  User?: string;
  Volumes?: Record<string, unknown>;
  Healthcheck?: { Test?: string[] };
}

const rootfs = process.env.DEPLOY_ROOTFS!;
const inspectFile = process.env.DEPLOY_IMAGE_INSPECT!;

await runTest('image test', async (cleanup) => {
  check(rootfs && inspectFile, 'DEPLOY_ROOTFS and DEPLOY_IMAGE_INSPECT set');
  const inspected = (JSON.parse(readFileSync(inspectFile, 'utf8')) as Array<{ Config: ImageConfig; Healthcheck?: ImageConfig['Healthcheck'] }>)[0]!;
  const config = inspected.Config;
  const env = Object.fromEntries((config.Env ?? []).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  const command = [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];
  const healthcheck = (config.Healthcheck ?? inspected.Healthcheck)?.Test ?? [];
  check(config.User === 'node', `the image runs as the node user (User: ${JSON.stringify(config.User)})`);
  check(command.join(' ') === 'node dist/server/main.js', `CMD runs the compiled server (${JSON.stringify(command)})`);
  check(env.DATA_DIR && config.Volumes && env.DATA_DIR in config.Volumes, `DATA_DIR (${env.DATA_DIR}) is a volume`);
  check(healthcheck[0] === 'CMD' && healthcheck.join(' ').includes('/healthz'), `HEALTHCHECK asks /healthz (${JSON.stringify(healthcheck)})`);
  pass(`image config: user node, CMD ${command.join(' ')}, VOLUME ${env.DATA_DIR}, HEALTHCHECK on /healthz`);

  // npm 10 leaves a scope's empty folder behind (@vitejs/): a package is there when its package.json is.
  const buildOnly = ['vite', 'tsx', 'typescript', 'esbuild', 'vitest', 'eslint', 'tailwindcss', '@vitejs/plugin-react', '@tailwindcss/vite', 'drizzle-kit', 'lighthouse'];
  const present = buildOnly.filter((name) => existsSync(join(rootfs, 'app/node_modules', name, 'package.json')));
  check(present.length === 0, `no build-only package in the image (found ${present.join(', ')})`);
  check(existsSync(join(rootfs, 'app/dist/web/index.html')), 'the web client is built into the image');
  check(!existsSync(join(rootfs, 'app/src')), 'no TypeScript sources in the image');
  pass('the final stage holds the compiled server, the built client and production packages only');

  const databaseUrl = await createDatabase(cleanup, 'mesa_deploy_image');
  const smtp = await startSmtpPeer();
  cleanup.add('stop the SMTP peer', () => smtp.close());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const runEnv = {
    ...env,
    HOME: '/home/node',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Mesa <reservas@mesa.test>',
  };
  const inChroot = (argv: string[]) => [
    '--userspec=node:node',
    rootfs,
    '/usr/bin/env',
    '-i',
    ...Object.entries(runEnv).map(([key, value]) => `${key}=${value}`),
    '/bin/sh',
    '-c',
    'cd "$0" && exec "$@"',
    config.WorkingDir || '/',
    ...argv,
  ];
  const server = startProcess(cleanup, 'the image (chroot)', 'chroot', inChroot(command), {});
  const health = await waitForHealth(server, url);
  check((health as { db?: string }).db === 'postgres', `/healthz names PostgreSQL (${JSON.stringify(health)})`);
  const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1];
  check(uid === '1000', `the server runs as uid 1000 (uid ${uid})`);
  pass(`${command.join(' ')} serves ${url} as uid 1000: /healthz ${JSON.stringify(health)}`);

  // Decision 048: the API reference's files are found by path in the compiled server and in node_modules.
  const openapi = (await (await fetch(`${url}/api/openapi.json`)).json()) as { openapi?: string };
  check(/^3\.1\./.test(openapi.openapi ?? ''), `/api/openapi.json is OpenAPI 3.1 (${openapi.openapi})`);
  for (const file of ['/api/docs', '/api/docs/api-docs.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']) {
    const answer = await fetch(`${url}${file}`);
    check(answer.ok, `${file} answers 200 (${answer.status})`);
  }
  pass('the API reference: /api/openapi.json and /api/docs with its files');

  const probe = startProcess(cleanup, 'HEALTHCHECK', 'chroot', inChroot(healthcheck.slice(1)), {});
  const probeExit = await new Promise((resolve) => probe.child.once('exit', (code) => resolve(code)));
  check(probeExit === 0, `the HEALTHCHECK command exits 0 (${String(probeExit)}: ${probe.text()})`);
  pass('the HEALTHCHECK command passes inside the image');

  const email = `invitada-${Date.now()}@example.com`;
  const { answer, date, time } = await book({ origin: url }, email);
  check(answer.status === 201, `the booking is accepted (${answer.status}: ${answer.body})`);
  pass(`a guest booked ${date} ${time}: 201`);

  const messages = await smtp.waitForMessages(1, 30_000);
  const toGuest = messages.find((message) => message.envelopeTo.includes(email));
  check(toGuest, `the guest's email reached the SMTP server (got ${messages.map((m) => m.envelopeTo.join(',')).join('; ')})`);
  const unsent = await waitFor(
    async () => {
      const [row] = await query<{ sent: string; unsent: string }>(
        databaseUrl,
        'SELECT count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent, count(*) FILTER (WHERE sent_at IS NULL) AS unsent FROM email_outbox WHERE to_address = $1',
        [email],
      );
      return Number(row!.sent) >= 1 && row!.unsent === '0';
    },
    { timeoutMs: 10_000, intervalMs: 200, what: "the guest's email marked sent in the outbox" },
  );
  check(unsent, 'the outbox has nothing left for the guest');
  const emlDir = join(rootfs, env.DATA_DIR!, 'outbox');
  check(!existsSync(emlDir) || readdirSync(emlDir).length === 0, 'no .eml file written instead');
  pass(`the guest's email left the outbox over SMTP (${smtp.messages.length} message(s) received)`);

  const exit = await stopProcess(server);
  check(exit === 0, `SIGTERM stops the server cleanly (exit ${String(exit)})`);
  const lines = server.text().split('\n').filter(Boolean);
  const records = lines.map((line) => {
    try {
      return JSON.parse(line) as { level?: number; reqId?: string; url?: string };
    } catch {
      return null;
    }
  });
  check(records.every((record) => record !== null), `every log line is JSON (${lines.find((_, i) => records[i] === null)})`);
  check(records.some((record) => record!.reqId && record!.url === '/api/public/reservations'), 'the booking request is logged with its request id');
  pass(`logs: ${lines.length} JSON lines, requests with reqId; SIGTERM exit 0`);
});
