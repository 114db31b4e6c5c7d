import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to a real server that a test can break in two ways:
 * - cut: connections dropped, new ones refused (the far end sees resets at once);
 * - silence: a network partition, every socket stays open but nothing crosses, new connections are accepted and
 *   never answered. What was sent meanwhile is held, not lost, and crosses on restore, as TCP retransmits it when a
 *   partition heals.
 */
export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  /**
   * Silences now or, with `after`, once one connection has sent chunks containing each text in turn: right after
   * forwarding the last one (e.g. a booking's id, then its COMMIT).
   */
  silence(options?: { after?: string[] }): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket | null;
  /** How many of the `after` texts this connection has sent so far. */
  matched: number;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const links = new Set<Link>();
  let server: Server | null = null;
  let port = 0;
  let silent = false;
  let silenceAfter: Buffer[] | null = null;

  const hold = (link: Link) => {
    link.client.unpipe();
    link.upstream?.unpipe();
    link.client.pause();
    link.upstream?.pause();
  };

  const forward = (link: Link) => {
    const upstream = (link.upstream ??= connectUpstream(link));
    link.client.pipe(upstream);
    upstream.pipe(link.client);
  };

  const connectUpstream = (link: Link) => {
    const upstream = createConnection(targetPort, targetHost);
    watch(link, upstream);
    return upstream;
  };

  const watch = (link: Link, socket: Socket) => {
    socket.on('close', () => {
      if (link.client.destroyed && (link.upstream?.destroyed ?? true)) links.delete(link);
    });
    socket.on('error', () => {
      link.client.destroy();
      link.upstream?.destroy();
    });
  };

  const silenceAll = () => {
    silent = true;
    silenceAfter = null;
    for (const link of links) hold(link);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const link: Link = { client, upstream: null, matched: 0 };
        links.add(link);
        watch(link, client);
        if (silent) hold(link);
        else forward(link);
        // After the pipe's own listener, so the matching chunk is forwarded before the silence.
        client.on('data', (chunk: Buffer) => {
          if (silenceAfter && chunk.includes(silenceAfter[link.matched]!) && ++link.matched === silenceAfter.length) silenceAll();
        });
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });

  const stop = async () => {
    const closing = server;
    server = null;
    silent = false;
    silenceAfter = null;
    for (const link of links) {
      link.client.destroy();
      link.upstream?.destroy();
    }
    links.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    silence(options) {
      if (!options?.after?.length) return silenceAll();
      silenceAfter = options.after.map((text) => Buffer.from(text));
      for (const link of links) link.matched = 0;
    },
    async restore() {
      silenceAfter = null;
      if (!server) return listen();
      if (!silent) return;
      silent = false;
      for (const link of links) forward(link);
    },
    close: stop,
  };
}

/** A relay in front of the PostgreSQL at `databaseUrl`, and the URL that reaches that database through it. */
export async function startDatabaseRelay(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  return { proxy, url: through.toString() };
}
