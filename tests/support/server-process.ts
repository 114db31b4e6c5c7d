import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { waitFor } from './wait-for.ts';

/** A real Mesa server in its own process: `src/server/main.ts`, as `npm start` runs it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed, for the failure message when it dies. */
  output: string[];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with `env` on a free port (or `port`) and resolves once /healthz answers 200. `wrapper`: a command
 * the server runs under (`unshare …`: its own pid namespace, as in a container).
 */
export async function startServerProcess(env: Record<string, string>, port?: number, wrapper: string[] = []): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const [command, ...args] = [...wrapper, process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(command!, args, {
    env: { ...process.env, PORT: String(listenPort), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = { url, child, output: [] };
  child.stdout!.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  // A server that exits (a refused lock, a bad setting) fails the start at once, with what it printed.
  const exited = new Promise<never>((_, reject) => child.once('exit', () => reject(new Error(`the server exited: ${server.output.join('')}`))));
  exited.catch(() => undefined);
  const healthy = waitFor(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status === 200, {
    timeoutMs: 120_000,
    intervalMs: 200,
    what: `${url}/healthz`,
  });
  await Promise.race([healthy, exited]);
  return server;
}

/** SIGTERM (a clean stop) or SIGKILL (a crash); resolves once the process is gone. */
export async function stopServerProcess({ child }: ServerProcess, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
