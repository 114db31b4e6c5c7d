import type { ChangeEvent } from '@shared/schemas/api.ts';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/** Reads a text/event-stream response event by event, as EventSource would dispatch them. */
export class EventStreamReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private readonly queue: ServerSentEvent[] = [];

  constructor(readonly response: Response) {
    this.reader = response.body!.getReader();
  }

  /** The next dispatched event; rejects if none arrives within `timeoutMs`. */
  async next(timeoutMs = 5_000): Promise<ServerSentEvent> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no server-sent event within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no server-sent event within ${timeoutMs} ms`)), remaining);
      });
      try {
        const { value, done } = await Promise.race([this.reader.read(), timeout]);
        if (done) throw new Error('the event stream ended');
        this.buffer += this.decoder.decode(value, { stream: true });
        this.parse();
      } finally {
        clearTimeout(timer);
      }
    }
    return this.queue.shift()!;
  }

  /** Events up to and including the first one `isLast` accepts. */
  async until(isLast: (event: ServerSentEvent) => boolean, timeoutMs = 5_000): Promise<ServerSentEvent[]> {
    const seen: ServerSentEvent[] = [];
    for (;;) {
      const event = await this.next(timeoutMs);
      seen.push(event);
      if (isLast(event)) return seen;
    }
  }

  private parse(): void {
    const blocks = this.buffer.replace(/\r\n?/g, '\n').split('\n\n');
    this.buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      // Per the EventSource rules, a block without data (e.g. only `retry:`) dispatches nothing.
      if (data.length > 0) this.queue.push({ event, data: data.join('\n') });
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** The change carried by a `change` event, or null for any other event. */
export function changeOf(event: ServerSentEvent): ChangeEvent | null {
  return event.event === 'change' ? (JSON.parse(event.data) as ChangeEvent) : null;
}
