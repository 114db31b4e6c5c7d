import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BACKUP_TRAILER, BackupError } from './backup.ts';

/**
 * How `npm run backup` gets a dump from a server that holds the embedded database (the DATA_DIR lock keeps the
 * script out): a unix socket in a directory only the owner may enter, the socket itself 0600. Only a process of the
 * same user on the same machine can connect, which is who may read DATA_DIR/pgdata anyway; nothing listens on TCP.
 * The client sends `backup`; the server answers the dump, or one `-- mesa-error: …` line.
 */
const REQUEST = 'backup';
const ERROR_PREFIX = '-- mesa-error: ';
/** sun_path holds 108 bytes on Linux, 104 on macOS, with the final NUL. */
const MAX_SOCKET_PATH = 100;

export class NoServerError extends Error {}

/** The socket's path, relative to the working directory when the absolute one is too long for a unix socket. */
export function controlSocketPath(dataDir: string): string | null {
  const absolute = join(dataDir, 'control', 'mesa.sock');
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const fromCwd = relative(process.cwd(), absolute);
  return Buffer.byteLength(fromCwd) <= MAX_SOCKET_PATH ? fromCwd : null;
}

export interface BackupControl {
  close(): Promise<void>;
}

/** Starts the socket; only the holder of the DATA_DIR lock may, so a socket file already there is a crash's. */
export async function startBackupControl(
  dataDir: string,
  dump: () => Promise<Readable>,
  logger: { warn(obj: object, msg: string): void },
): Promise<BackupControl | null> {
  const path = controlSocketPath(dataDir);
  if (!path) {
    logger.warn({ dataDir }, 'DATA_DIR path too long for the backup socket: npm run backup needs the server stopped');
    return null;
  }
  const dir = join(dataDir, 'control');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  rmSync(path, { force: true });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    serve(socket, dump).catch((error: unknown) => logger.warn({ err: error }, 'backup request failed'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(path, { force: true });
    },
  };
}

async function serve(socket: Socket, dump: () => Promise<Readable>): Promise<void> {
  // A client that connects and says nothing is dropped.
  socket.setTimeout(10_000, () => socket.destroy());
  let request: string | null = null;
  for await (const line of createInterface({ input: socket, crlfDelay: Infinity })) {
    request = line;
    break;
  }
  socket.setTimeout(0);
  socket.resume(); // nothing more is read; let the peer's end arrive
  if (request !== REQUEST) {
    socket.end(`${ERROR_PREFIX}unknown request\n`);
    return;
  }
  let stream: Readable;
  try {
    stream = await dump();
  } catch (error) {
    socket.end(`${ERROR_PREFIX}${(error instanceof Error ? error.message : String(error)).replace(/[\r\n]+/g, ' ')}\n`);
    throw error;
  }
  await pipeline(stream, socket);
}

/**
 * Asks the running server for a dump and hands each of its lines to `write`. Throws NoServerError when no server
 * answers on the socket, and BackupError when the server reports a failure or the dump arrives without its end.
 */
export async function requestBackupFromServer(dataDir: string, write: (line: string) => Promise<void>): Promise<void> {
  const path = controlSocketPath(dataDir);
  if (!path) throw new NoServerError('DATA_DIR path too long for the backup socket');
  const socket = connect(path);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', (error) => reject(new NoServerError(error.message)));
  });
  socket.write(`${REQUEST}\n`);
  let last = '';
  for await (const line of createInterface({ input: socket, crlfDelay: Infinity })) {
    if (line.startsWith(ERROR_PREFIX)) throw new BackupError(`The server could not take the backup: ${line.slice(ERROR_PREFIX.length)}`);
    await write(line);
    last = line;
  }
  if (last !== BACKUP_TRAILER) throw new BackupError('The server closed the connection before the backup was complete.');
}
