/**
 * A TCP proxy in front of the site server that counts the bytes sent to the browser and
 * can delay and pace them like a phone's network, or refuse every connection (the server
 * away). A proxy, not DevTools throttling, so that the service worker's own requests
 * (navigation preload, revalidation, the station sync) are counted and slowed too.
 * Used by scripts/bench-pwa.ts and scripts/bench-pwa-offline.ts.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface Network {
  name: string;
  /** One-way delay in ms (half the round trip). */
  delayMs: number;
  /** Bytes per ms, or Infinity. */
  downBytesPerMs: number;
  upBytesPerMs: number;
}

export const LOOPBACK: Network = { name: 'loopback', delayMs: 0, downBytesPerMs: Infinity, upBytesPerMs: Infinity };
/** Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G: Network = {
  name: 'slow 4G',
  delayMs: 75,
  downBytesPerMs: 1_600_000 / 8 / 1000,
  upBytesPerMs: 750_000 / 8 / 1000,
};

export class ThrottlingProxy {
  bytesDown = 0;
  network: Network = LOOPBACK;
  /** Server away: every new connection is dropped at once. */
  refuse = false;
  private server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly target: number) {
    this.server = createServer((client) => this.pipe(client));
  }

  /** Listens on a free loopback port and returns it. */
  listen(): Promise<number> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as { port: number }).port)),
    );
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: Socket) {
    if (this.refuse) {
      client.destroy();
      return;
    }
    const upstream = connect(this.target, '127.0.0.1');
    this.sockets.add(client).add(upstream);
    this.relay(client, upstream, () => this.network.upBytesPerMs, false);
    this.relay(upstream, client, () => this.network.downBytesPerMs, true);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  }

  /** Forwards chunks in order after the one-way delay, no faster than the bandwidth. */
  private relay(from: Socket, to: Socket, rate: () => number, count: boolean) {
    const queue: Array<{ chunk: Buffer; at: number }> = [];
    let free = 0;
    let timer: NodeJS.Timeout | undefined;
    const drain = () => {
      timer = undefined;
      while (queue.length > 0 && queue[0]!.at <= Date.now()) {
        const { chunk } = queue.shift()!;
        if (to.writable) to.write(chunk);
      }
      if (queue.length > 0) timer = setTimeout(drain, Math.max(0, queue[0]!.at - Date.now()));
    };
    from.on('data', (chunk: Buffer) => {
      if (count) this.bytesDown += chunk.length;
      const { delayMs } = this.network;
      const bytesPerMs = rate();
      // Chunks still waiting (the network changed between phases) keep their order.
      if (delayMs === 0 && bytesPerMs === Infinity && queue.length === 0) {
        to.write(chunk);
        return;
      }
      const at = Math.max(Date.now() + delayMs, free) + (bytesPerMs === Infinity ? 0 : chunk.length / bytesPerMs);
      free = at;
      queue.push({ chunk, at });
      timer ??= setTimeout(drain, Math.max(0, at - Date.now()));
    });
  }
}
