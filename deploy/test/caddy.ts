/**
 * deploy/Caddyfile in front of two Mesa instances (issue 43): Debian's caddy with a certificate of its own local CA
 * (`local_certs`, i.e. `tls internal`, on ports of the test's choosing), two compiled servers (`node
 * dist/server/main.js`, as the image and the systemd unit run it) on one new PostgreSQL database with TRUST_PROXY.
 * Over HTTPS: HSTS once, HTTP redirected, the owner (made by the compiled admin-create.js) signs in and Seguridad
 * shows the guest's own address (X-Forwarded-For), the live-update stream (SSE) delivers a booking made through the
 * proxy, both instances take requests, and with one stopped the other answers everything.
 *
 *   npm run build && npm run build:server && npx tsx deploy/test/caddy.ts
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tests/support/server-process.ts';
import {
  book,
  check,
  cookiesOf,
  createDatabase,
  openStream,
  pass,
  runTest,
  send,
  startProcess,
  stopProcess,
  type Target,
  waitFor,
  waitForHealth,
} from './support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOMAIN = 'mesa.test';
const OWNER = { email: 'propietaria@mesa.test', password: 'correct-horse-battery-staple-42' };

await runTest('Caddy test', async (cleanup) => {
  check(existsSync(join(root, 'dist/server/main.js')) && existsSync(join(root, 'dist/web/index.html')), 'npm run build and npm run build:server ran');
  const work = mkdtempSync(join(tmpdir(), 'mesa-caddy-'));
  cleanup.add(`remove ${work}`, () => rmSync(work, { recursive: true, force: true }));
  const databaseUrl = await createDatabase(cleanup, 'mesa_deploy_caddy');
  const [httpsPort, httpPort, firstPort, secondPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const origin = `https://${DOMAIN}:${httpsPort}`;
  const common = {
    PATH: process.env.PATH!,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: origin,
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    SESSION_SECRET: 'deploy-test-session-secret-0123456789abcdef',
    SECRETS_KEY: 'deploy-test-secrets-key-0123456789abcdef',
    BACKUP_HOUR: 'off',
  };

  const admin = startProcess(cleanup, 'admin-create.js', process.execPath, ['dist/server/admin-create.js', '--email', OWNER.email, '--password', OWNER.password], {
    cwd: root,
    env: { ...common, DATA_DIR: join(work, 'admin') },
  });
  const adminExit = await new Promise((resolve) => admin.child.once('exit', resolve));
  check(adminExit === 0, `node dist/server/admin-create.js made the owner (exit ${String(adminExit)}: ${admin.text()})`);
  pass(`compiled admin-create.js: ${admin.text().trim()}`);

  const instances = [firstPort, secondPort].map((port, index) =>
    startProcess(cleanup, `instance ${index + 1}`, process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env: { ...common, PORT: String(port), DATA_DIR: join(work, `instance-${index + 1}`) },
    }),
  );
  await Promise.all(instances.map((instance, index) => waitForHealth(instance, `http://127.0.0.1:${[firstPort, secondPort][index]}`)));
  pass(`two instances of node dist/server/main.js on one PostgreSQL database (ports ${firstPort}, ${secondPort})`);

  // The deployment's Caddyfile as it is, imported under the test's global options: the local CA instead of ACME, the
  // test's ports, its own storage; no admin endpoint.
  const caddyDir = join(work, 'caddy');
  mkdirSync(caddyDir);
  const caddyfile = join(caddyDir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    [
      '{',
      '\tadmin off',
      '\tlocal_certs',
      '\tskip_install_trust',
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      `\tstorage file_system ${join(caddyDir, 'storage')}`,
      '}',
      `import ${join(root, 'deploy/Caddyfile')}`,
      '',
    ].join('\n'),
  );
  const caddy = startProcess(cleanup, 'caddy', 'caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH!,
      HOME: caddyDir,
      XDG_DATA_HOME: join(caddyDir, 'data'),
      XDG_CONFIG_HOME: join(caddyDir, 'config'),
      MESA_DOMAIN: DOMAIN,
      MESA_UPSTREAMS: `127.0.0.1:${firstPort} 127.0.0.1:${secondPort}`,
    },
  });
  const rootCertificate = join(caddyDir, 'storage/pki/authorities/local/root.crt');
  const ca = await waitFor(
    () => {
      if (caddy.child.exitCode !== null) throw new Error(`caddy exited: ${caddy.text()}`);
      return existsSync(rootCertificate) && readFileSync(rootCertificate, 'utf8');
    },
    { timeoutMs: 30_000, intervalMs: 200, what: "caddy's local CA" },
  ).catch((error: unknown) => {
    console.error(caddy.text());
    throw error;
  });
  // Requests come from loopback aliases of their own: what Mesa sees behind Caddy is the guest's address, not Caddy's.
  const from = (localAddress: string): Target => ({ origin, tls: { ca, servername: DOMAIN, port: httpsPort, localAddress } });
  const guest = from('127.0.0.7');
  const health = await waitFor(async () => (await send(guest, 'GET', '/healthz').catch(() => null))?.status === 200 && (await send(guest, 'GET', '/healthz')), {
    timeoutMs: 30_000,
    intervalMs: 250,
    what: `${origin}/healthz through caddy`,
  }).catch((error: unknown) => {
    console.error(caddy.text());
    throw error;
  });
  const hsts = health.headers['strict-transport-security'];
  check(hsts === 'max-age=31536000; includeSubDomains', `HSTS sent once (${JSON.stringify(hsts)})`);
  pass(`HTTPS through caddy (local CA, ${DOMAIN}): /healthz ${health.body}, HSTS ${hsts}`);

  const plain = await send({ origin: `http://127.0.0.1:${httpPort}` }, 'GET', '/admin', { host: `${DOMAIN}:${httpPort}` });
  check(
    // The site's address has no port, so caddy sends the browser to HTTPS's own port (443 in production).
    [301, 302, 307, 308].includes(plain.status) && /^https:\/\/mesa\.test(?::\d+)?\/admin$/.test(String(plain.headers.location)),
    `plain HTTP is redirected to HTTPS (${plain.status} ${String(plain.headers.location)})`,
  );
  pass(`http:// redirects to ${plain.headers.location} (${plain.status})`);

  const staff = from('127.0.0.5');
  const login = await send(staff, 'POST', '/api/auth/login', { 'content-type': 'application/json', origin }, JSON.stringify(OWNER));
  check(login.status === 200, `the owner signs in through caddy (${login.status}: ${login.body})`);
  const cookie = cookiesOf(login);
  check(cookie.includes('__Host-'), `the session cookie is a __Host- cookie over HTTPS (${cookie.replace(/=[^;]+/g, '=…')})`);
  const attempts = await send(staff, 'GET', '/api/admin/security/login-attempts', { cookie, accept: 'application/json' });
  check(attempts.status === 200, `Seguridad's sign-ins answer (${attempts.status}: ${attempts.body})`);
  check(attempts.body.includes('"127.0.0.5"'), `the sign-in is recorded from the staff's own address 127.0.0.5, not caddy's (${attempts.body.slice(0, 400)})`);
  pass("sign-in over HTTPS; Seguridad records the client's address from X-Forwarded-For (TRUST_PROXY)");

  const events = await openStream(staff, '/api/admin/events', { cookie, accept: 'text/event-stream' });
  cleanup.add('close the event stream', () => events.close());
  check(events.status === 200 && String(events.headers['content-type']).startsWith('text/event-stream'), `the event stream opens (${events.status})`);
  await waitFor(() => events.received().includes('event: ready'), { timeoutMs: 10_000, intervalMs: 50, what: "the stream's ready event through caddy" });
  const email = `invitada-caddy-${Date.now()}@example.com`;
  const booking = await book(guest, email);
  check(booking.answer.status === 201, `a guest books over HTTPS (${booking.answer.status}: ${booking.answer.body})`);
  await waitFor(() => /event: change\ndata: [^\n]*reservations/.test(events.received()), {
    timeoutMs: 15_000,
    intervalMs: 50,
    what: 'the booking as a live event on the stream through caddy',
  });
  pass(`a guest booked ${booking.date} ${booking.time} over HTTPS; the staff stream got the change through caddy (SSE)`);

  const seen = () => instances.map((instance) => (instance.text().match(/"url":"\/api\/public\/settings"/g) ?? []).length);
  for (let i = 0; i < 20; i += 1) {
    const answer = await send(from('127.0.0.6'), 'GET', '/api/public/settings');
    check(answer.status === 200, `GET /api/public/settings through caddy (${answer.status})`);
  }
  const counts = await waitFor(() => seen().reduce((a, b) => a + b, 0) >= 20 && seen(), { timeoutMs: 5_000, intervalMs: 50, what: 'the request log lines' });
  check(counts.every((count) => count > 0), `caddy spreads requests over both instances (${counts.join(' / ')})`);
  pass(`caddy spread 20 requests over both instances (${counts.join(' / ')})`);

  // An instance stopped (a restart, an upgrade): caddy retries the refused connection on the other one.
  await stopProcess(instances[0]!);
  for (let i = 0; i < 10; i += 1) {
    const answer = await send(from('127.0.0.6'), 'GET', '/api/public/settings');
    check(answer.status === 200, `with one instance stopped, caddy still answers through the other (${answer.status})`);
  }
  pass('one instance stopped: 10 of 10 requests answered by the other');
});
