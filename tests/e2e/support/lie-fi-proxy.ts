/**
 * Lie-fi on loopback: a TCP proxy (./loopback-proxy.ts) in front of the site server that holds back every byte
 * the server sends for `delayMs` (0: passes them at once). The connection stays up and
 * requests go through, but no answer arrives in time: what a phone sees on a crowded or
 * dying link, where the browser still believes it is online. A proxy, not DevTools
 * throttling, so that the service worker's own requests (navigation preload, background
 * refresh) are held back too. Used by tests/e2e/pwa-lie-fi.spec.ts and scripts/bench-pwa-lie-fi.ts.
 */
import type { Socket } from 'node:net';
import { LoopbackProxy } from './loopback-proxy';

export class LieFiProxy extends LoopbackProxy {
  /** How long each answer is held back, in ms. */
  delayMs = 0;
  /** Bytes passed on to the browser since the last `reset()`. */
  bytesDelivered = 0;
  /** The request lines ("GET /path HTTP/1.1") the browser sent since the last `reset()`. */
  readonly requests: string[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Listens on a free loopback port and returns the proxy's base URL. */
  async listen(): Promise<string> {
    return `http://127.0.0.1:${await this.listenOnFreePort()}`;
  }

  reset(): void {
    this.bytesDelivered = 0;
    this.requests.length = 0;
  }

  /** Answers still held back are dropped with the connections. */
  protected override onClose(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  protected relay(client: Socket, upstream: Socket) {
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
