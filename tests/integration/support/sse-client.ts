/**
 * A Server-Sent Events reader over node:http for the live-stream tests and bench
 * (tests/integration/live-stream.test.ts, scripts/bench-live-stream.ts): the answer's
 * status and headers, then each message as it arrives (event, id, data; comments and
 * `retry` kept apart), read incrementally as a browser's EventSource reads them.
 */
import { request, type IncomingHttpHeaders } from 'node:http';

export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
  /** When it was read (performance.now()). */
  at: number;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The messages read so far (an `id` alone counts: event '' and data ''). */
  messages: SseMessage[];
  /** Everything read, as it came (comments, `retry:`…). */
  raw: () => string;
  /** Resolves with the first message (from `from` on) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number, from?: number): Promise<SseMessage>;
  /** Resolves when the server ended the answer. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string, at: number): SseMessage | undefined {
  let event = '';
  let id: string | undefined;
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'event') event = value;
    else if (name === 'id') id = value;
    else if (name === 'data') data.push(value);
    else continue;
    fields += 1;
  }
  return fields > 0 ? { event, id, data: data.join('\n'), at } : undefined;
}

/** Opens `url` and resolves once the status and headers have come (any status: a refusal is read whole). */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      response.setEncoding('utf8');
      let text = '';
      let pending = '';
      const messages: SseMessage[] = [];
      const waiters = new Set<() => void>();
      response.on('data', (chunk: string) => {
        text += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const message = parseBlock(pending.slice(0, end), performance.now());
          pending = pending.slice(end + 2);
          if (message) messages.push(message);
        }
        for (const waiter of waiters) waiter();
      });
      const ended = new Promise<void>((done) => {
        response.once('end', done);
        response.once('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        raw: () => text,
        ended,
        next(match, timeoutMs = 10_000, from = 0) {
          return new Promise((found, fail) => {
            const check = () => {
              const message = messages.slice(from).find(match);
              if (!message) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(message);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`No matching message within ${timeoutMs} ms; read: ${JSON.stringify(text.slice(-500))}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => outgoing.destroy(),
      });
    });
    // After the answer came, a reset is the end of the stream (`ended`), not a failure.
    outgoing.on('error', reject);
    outgoing.end();
  });
}
