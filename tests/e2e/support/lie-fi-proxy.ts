/**
 * Lie-fi on loopback: a TCP proxy in front of the site server that holds back every byte
 * the server sends for `delayMs` (0: passes them at once). The connection stays up and
 * requests go through, but no answer arrives in time: what a phone sees on a crowded or
 * dying link, where the browser still believes it is online. A proxy, not DevTools
 * throttling, so that the service worker's own requests (navigation preload, background
 * refresh) are held back too. Used by tests/e2e/pwa-lie-fi.spec.ts and scripts/bench-pwa-lie-fi.ts.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export class LieFiProxy {
  /** How long each answer is held back, in ms. */
  delayMs = 0;
  /** Server away: every connection is dropped at once (offline without the browser knowing). */
  refuse = false;
  /** Bytes passed on to the browser since the last `reset()`. */
  bytesDelivered = 0;
  /** The request lines ("GET /path HTTP/1.1") the browser sent since the last `reset()`. */
  readonly requests: string[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly targetPort: number) {
    this.server = createServer((client) => this.pipe(client));
  }

  /** Listens on a free loopback port and returns the proxy's base URL. */
  listen(): Promise<string> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(this.server.address() as { port: number }).port}`),
      ),
    );
  }

  reset(): void {
    this.bytesDelivered = 0;
    this.requests.length = 0;
  }

  /** Drops every connection and answer still held back. */
  close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: Socket) {
    if (this.refuse) {
      client.destroy();
      return;
    }
    const upstream = connect(this.targetPort, '127.0.0.1');
    this.sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      const line = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ HTTP\/1\.[01]/.exec(
        chunk.toString('latin1', 0, 2100),
      );
      if (line) this.requests.push(line[0]);
      upstream.write(chunk);
    });
    // Chunks keep their order: each waits the full delay from when the server sent it.
    upstream.on('data', (chunk: Buffer) => {
      const deliver = () => {
        if (!client.writable) return;
        this.bytesDelivered += chunk.length;
        client.write(chunk);
      };
      if (this.delayMs === 0) return deliver();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        deliver();
      }, this.delayMs);
      this.timers.add(timer);
    });
  }
}
