/**
 * What the deployment tests (issue 43: .ci/deploy-test runs image.ts and caddy.ts with tsx) share: a throw-away
 * PostgreSQL database, server processes and their output, HTTPS requests to a name that only the test resolves, and a
 * guest's booking as the booking form makes it (a solved proof-of-work challenge, decision 027).
 */
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { bookableDates } from '../../bench/lib/booking-bodies.ts';
import { encodeProof } from '../../tests/support/booking-proof.ts';
import { waitFor } from '../../tests/support/wait-for.ts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export { waitFor };

export const POSTGRES_URL = process.env.DEPLOY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`FAILED: ${message}`);
}

export const pass = (what: string) => console.log(`  ok  ${what}`);

/** Things to undo, last first, whatever happened before. */
export class Cleanup {
  private readonly steps: Array<{ what: string; run: () => unknown }> = [];
  add(what: string, run: () => unknown): void {
    this.steps.push({ what, run });
  }
  async runAll(): Promise<void> {
    for (const step of this.steps.reverse()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup (${step.what}) failed:`, error);
      }
    }
  }
}

/** Runs `body`, then the clean-up; exits 1 with the error when anything failed. */
export async function runTest(name: string, body: (cleanup: Cleanup) => Promise<void>): Promise<void> {
  const cleanup = new Cleanup();
  let failed = false;
  const started = Date.now();
  try {
    await body(cleanup);
  } catch (error) {
    failed = true;
    console.error(`${name}:`, error instanceof Error ? error.message : error);
  } finally {
    await cleanup.runAll();
  }
  console.log(`== ${name}: ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(failed ? 1 : 0);
}

/** A new, empty PostgreSQL database; dropped (connections and all) at clean-up. */
export async function createDatabase(cleanup: Cleanup, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanup.add(`drop database ${name}`, async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface Process {
  name: string;
  child: ChildProcess;
  output: string[];
  text(): string;
}

/** A child process whose output is kept (and printed if the test fails); SIGTERM'd, then SIGKILL'd, at clean-up. */
export function startProcess(cleanup: Cleanup, name: string, command: string, args: string[], options: SpawnOptions): Process {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const process_: Process = { name, child, output, text: () => output.join('') };
  cleanup.add(`stop ${name}`, () => stopProcess(process_));
  return process_;
}

export async function stopProcess({ child }: Process, timeoutMs = 15_000): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? child.signalCode;
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

/** Waits until GET url/healthz answers 200; fails early, with its output, if the process exits. */
export async function waitForHealth(server: Process, url: string, timeoutMs = 120_000): Promise<unknown> {
  return waitFor(
    async () => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(`${server.name} exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.text()}`);
      }
      const answer = await fetch(`${url}/healthz`).catch(() => null);
      return answer?.status === 200 ? ((await answer.json()) as unknown) : false;
    },
    { timeoutMs, intervalMs: 250, what: `${server.name}'s /healthz at ${url}` },
  ).catch((error: unknown) => {
    console.error(server.text());
    throw error;
  });
}

export interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  json<T = unknown>(): T;
}

/** Where requests go: plain HTTP to a URL, or HTTPS to a name served on 127.0.0.1 (Caddy), checked against `ca`. */
export interface Target {
  origin: string;
  /** For HTTPS through the proxy: the client's own address (a loopback alias), the CA, the name. */
  tls?: { ca: string; servername: string; port: number; localAddress?: string };
}

function optionsFor(target: Target, method: string, path: string, headers: Record<string, string>): RequestOptions {
  const url = new URL(path, target.origin);
  if (!target.tls) {
    return { method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers };
  }
  return {
    method,
    host: '127.0.0.1',
    port: target.tls.port,
    path: url.pathname + url.search,
    servername: target.tls.servername,
    ca: target.tls.ca,
    headers: { host: url.host, ...headers },
    ...(target.tls.localAddress ? { localAddress: target.tls.localAddress } : {}),
  };
}

export function send(target: Target, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = optionsFor(target, method, path, body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) });
    const request = (target.tls ? httpsRequest : httpRequest)(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, json: <T>() => JSON.parse(text) as T });
      });
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** An open response (Server-Sent Events): its status and everything received so far. */
export interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  received(): string;
  close(): void;
}

export function openStream(target: Target, path: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = (target.tls ? httpsRequest : httpRequest)(optionsFor(target, 'GET', path, headers), (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', () => undefined);
      resolve({ status: response.statusCode ?? 0, headers: response.headers, received: () => text, close: () => request.destroy() });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The Cookie header for the cookies an answer set. */
export const cookiesOf = (answer: Answer) =>
  ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');

/** A guest's booking for `email`, as the booking form sends it: a free time on an open day, the challenge solved. */
export async function book(target: Target, email: string): Promise<{ answer: Answer; date: string; time: string }> {
  const dates = bookableDates();
  let date = '';
  let time: string | undefined;
  for (const candidate of dates.slice(6)) {
    const availability = (await send(target, 'GET', `/api/public/availability?date=${candidate}`)).json<{
      slots?: Array<{ time: string; reason?: string | null }>;
    }>();
    time = availability.slots?.find((slot) => !slot.reason)?.time;
    date = candidate;
    if (time) break;
  }
  check(time, 'a free time on an open day of the booking window');
  const challenge = (await send(target, 'GET', '/api/public/booking-challenge')).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  check(solution, 'the booking challenge solved');
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    customerName: 'Invitada Despliegue',
    customerPhone: '+34 600 123 456',
    customerEmail: email,
    numberOfPeople: 2,
    reservationDate: date,
    reservationTime: time,
    specialRequirement: '',
    privacyConsent: true,
  });
  const answer = await send(
    target,
    'POST',
    '/api/public/reservations',
    { 'content-type': 'application/json', origin: target.origin, 'x-mesa-proof': encodeProof(challenge, solution) },
    body,
  );
  return { answer, date, time };
}
