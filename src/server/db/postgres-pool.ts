import pg from 'pg';
import { currentDeadline, type Deadline, deadlineFrom, timeToWait } from './deadline.ts';

/** The limits that keep a silent PostgreSQL from holding requests and connections (decision 014). */
export const postgresTimeouts = {
  /** Opening a connection (TCP, authentication, ready), and the longest wait for a free one from the pool. */
  connectMs: 3_000,
  /** The server cancels a statement running longer (57014); nothing Mesa runs needs a fraction of it. */
  statementMs: 5_000,
  /** Outside a request (workers, jobs, scripts), a statement unanswered this long is abandoned with its connection. */
  unansweredMs: 6_000,
  /** The server ends a session idle inside a transaction, so a vanished client's locks and rows are let go. */
  idleInTransactionMs: 3_000,
  /** TCP keepalive on idle connections, at both ends: probes after this much silence. */
  keepAliveIdleMs: 10_000,
};

/** The database did not answer in time; the connection it was waiting on has been destroyed. */
export class DatabaseTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

/** Connection settings shared by the pool and the LISTEN connections. */
export function connectionConfig(url: string): pg.ClientConfig {
  const idle = Math.round(postgresTimeouts.keepAliveIdleMs / 1000);
  return {
    connectionString: url,
    connectionTimeoutMillis: postgresTimeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: postgresTimeouts.keepAliveIdleMs,
    statement_timeout: postgresTimeouts.statementMs,
    idle_in_transaction_session_timeout: postgresTimeouts.idleInTransactionMs,
    // The server's own keepalive: a session whose client vanished is closed after about 25 s instead of hours.
    options: `-c tcp_keepalives_idle=${idle} -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3`,
  };
}

type Callback = (error: Error | null, result?: unknown) => void;
type Query = (...args: unknown[]) => unknown;

/** When a connection of one pool last heard from PostgreSQL: answers elsewhere mean it is busy, not silent. */
interface Liveness {
  lastAnswerAt: number;
}

type DeadlineClientConfig = pg.ClientConfig & { liveness: Liveness };

/** The request's deadline, or one for this statement alone outside requests. */
const deadlineNow = (): Deadline => currentDeadline() ?? deadlineFrom(performance.now(), postgresTimeouts.unansweredMs);

/** Calls `giveUp` once the deadline has passed, re-checking while answers keep coming; returns the cancel. */
function watch(deadline: Deadline, liveness: Liveness, giveUp: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const wait = timeToWait(deadline, liveness.lastAnswerAt);
    if (wait > 0) timer = setTimeout(check, wait);
    else giveUp();
  };
  check();
  return () => clearTimeout(timer);
}

const isRollback = (config: unknown) =>
  /^\s*rollback\b/i.test(typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? ''));

/** Answers a query without sending it, in the caller's style (callback or promise). */
function answer(args: unknown[], error: Error | null): unknown {
  const callback = args.find((arg): arg is Callback => typeof arg === 'function');
  const result = { command: 'ROLLBACK', rowCount: 0, rows: [], fields: [] };
  if (callback) {
    process.nextTick(() => (error ? callback(error) : callback(null, result)));
    return undefined;
  }
  return error ? Promise.reject(error) : Promise.resolve(result);
}

/**
 * A connection whose statements must be answered before the current deadline. Past it, the connection is abandoned:
 * destroyed, never given back to the pool, and nothing more is sent on it, so a COMMIT the request did not send in
 * time is never sent. Its ROLLBACK is answered here: closing the connection is the rollback, and the server ends the
 * session on its side when the close, or `idleInTransactionMs` of silence, reaches it.
 */
class DeadlineClient extends pg.Client {
  private abandoned: DatabaseTimeoutError | null = null;
  private readonly liveness: Liveness;

  constructor(config: DeadlineClientConfig) {
    super({ ...config, connectionTimeoutMillis: postgresTimeouts.connectMs });
    this.liveness = config.liveness;
    this.connection.on('readyForQuery', () => {
      this.liveness.lastAnswerAt = performance.now();
    });
    // A client the pool has lent out has no pool listener; its failures reach the caller through the query instead.
    this.on('error', () => undefined);
    const send = super.query.bind(this) as Query;
    this.query = ((...args: unknown[]) => this.guarded(send, args)) as unknown as pg.Client['query'];
  }

  private guarded(send: Query, args: unknown[]): unknown {
    if (!this.abandoned) {
      const deadline = deadlineNow();
      if (timeToWait(deadline, this.liveness.lastAnswerAt) <= 0) this.abandon();
      else return this.sendWithin(send, args, deadline);
    }
    return answer(args, isRollback(args[0]) ? null : this.abandoned);
  }

  private sendWithin(send: Query, args: unknown[], deadline: Deadline): unknown {
    if ((args[0] as { submit?: unknown } | null)?.submit) return send(...args);
    const callbackAt = args.findIndex((arg) => typeof arg === 'function');
    const stop = watch(deadline, this.liveness, () => this.abandon());
    const settled = (error: unknown) => {
      stop();
      return error && this.abandoned ? this.abandoned : error;
    };
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as Callback;
      args[callbackAt] = (error: Error | null, result: unknown) => callback(settled(error) as Error | null, result);
      return send(...args);
    }
    return (send(...args) as Promise<unknown>).then(
      (result) => {
        stop();
        return result;
      },
      (error: unknown) => {
        throw settled(error);
      },
    );
  }

  private abandon(): void {
    if (this.abandoned) return;
    this.abandoned = new DatabaseTimeoutError('PostgreSQL did not answer in time; the connection was closed');
    // With a statement outstanding, end() destroys the socket at once; otherwise it says goodbye and closes.
    this.end().catch(() => undefined);
  }
}

/**
 * The pool: its connections are DeadlineClients, and waiting for a free one also ends with the deadline (never at a
 * fixed time: under a burst, the wait for a connection is a queue that moves). Queries run on a connection taken in
 * the caller's async context, so the deadline they obey is the caller's.
 */
export class DeadlinePool extends pg.Pool {
  private readonly liveness: Liveness;

  constructor({ connectionTimeoutMillis: _clientsOwn, ...config }: pg.PoolConfig) {
    const liveness: Liveness = { lastAnswerAt: performance.now() };
    super({ ...config, Client: DeadlineClient, liveness } as unknown as pg.PoolConfig);
    this.liveness = liveness;
    const connect = super.connect.bind(this) as () => Promise<pg.PoolClient>;
    const query = super.query.bind(this) as Query;
    this.connect = ((...args: unknown[]) =>
      args.length > 0 ? (connect as Query)(...args) : this.connectWithin(connect)) as unknown as pg.Pool['connect'];
    this.query = ((...args: unknown[]) =>
      args.some((arg) => typeof arg === 'function') ? query(...args) : this.queryWithin(args[0], args[1])) as unknown as pg.Pool['query'];
  }

  private connectWithin(connect: () => Promise<pg.PoolClient>): Promise<pg.PoolClient> {
    return new Promise((resolve, reject) => {
      let late = false;
      const stop = watch(deadlineNow(), this.liveness, () => {
        late = true;
        reject(new DatabaseTimeoutError('no PostgreSQL connection before the deadline'));
      });
      if (late) return;
      connect().then(
        (client) => {
          stop();
          if (late) client.release();
          else resolve(client);
        },
        (error: unknown) => {
          stop();
          reject(error as Error);
        },
      );
    });
  }

  private async queryWithin(config: unknown, values: unknown): Promise<unknown> {
    const client = await this.connect();
    try {
      return await (client.query as Query)(config, values);
    } finally {
      // An abandoned or broken connection is dropped by the pool itself (it is ending or not queryable).
      client.release();
    }
  }
}
