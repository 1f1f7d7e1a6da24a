/**
 * A TCP proxy in front of the site server that counts the bytes sent to the browser and
 * can delay and pace them like a phone's network, or refuse every connection (the server
 * away). A proxy, not DevTools throttling, so that the service worker's own requests
 * (navigation preload, revalidation, the station sync) are counted and slowed too.
 * Used by scripts/bench-pwa.ts and scripts/bench-pwa-offline.ts.
 */
import type { Socket } from 'node:net';
import { LoopbackProxy } from '../../tests/e2e/support/loopback-proxy';

export interface Network {
  name: string;
  /** One-way delay in ms (half the round trip). */
  delayMs: number;
  /** Bytes per ms, or Infinity. */
  downBytesPerMs: number;
  upBytesPerMs: number;
  /**
   * Round trips a new visitor's first connection spends before its first request can leave:
   * TCP's handshake and TLS 1.3's, 2 on the HTTPS site (the harness speaks plain HTTP on
   * loopback, where both are free). Only the first connection after `newVisitor()` pays
   * them: the browser's further connections, which HTTP/2 would not open, and DNS are not
   * charged, so the model stays on the fast side of a real first visit.
   */
  setupRoundTrips?: number;
}

export const LOOPBACK: Network = { name: 'loopback', delayMs: 0, downBytesPerMs: Infinity, upBytesPerMs: Infinity };
/** Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G: Network = {
  name: 'slow 4G',
  delayMs: 75,
  downBytesPerMs: 1_600_000 / 8 / 1000,
  upBytesPerMs: 750_000 / 8 / 1000,
};

/**
 * Slow 4G for a new visitor of the HTTPS site: the first connection's TCP and TLS 1.3
 * handshakes (2 round trips, 300 ms) come before its first request. Lighthouse charges a
 * first visit more: its request-level equivalent of this preset puts 150 × 3.75 = 562.5 ms
 * of latency on every request (DEVTOOLS_RTT_ADJUSTMENT_FACTOR, for DNS, TCP, TLS and slow
 * start), where this proxy charges 150 ms per request and the set-up once.
 */
export const SLOW_4G_NEW_VISITOR: Network = {
  ...SLOW_4G,
  name: 'slow 4G, new visitor',
  setupRoundTrips: 2,
};

export class ThrottlingProxy extends LoopbackProxy {
  bytesDown = 0;
  network: Network = LOOPBACK;
  /** The next connection is a new visitor's first (its set-up round trips are charged). */
  private firstConnectionPending = false;

  /** Listens on a free loopback port and returns it. */
  listen(): Promise<number> {
    return this.listenOnFreePort();
  }

  /** A new visitor comes next: its first connection pays the network's set-up round trips. */
  newVisitor(): void {
    this.firstConnectionPending = true;
  }

  protected relay(client: Socket, upstream: Socket) {
    // The handshakes' round trips: what the browser sends leaves once they are over, and
    // arrives a one-way delay later.
    const { delayMs, setupRoundTrips = 0 } = this.network;
    const setupMs = this.firstConnectionPending ? setupRoundTrips * 2 * delayMs : 0;
    this.firstConnectionPending = false;
    this.pace(client, upstream, () => this.network.upBytesPerMs, false, setupMs && Date.now() + setupMs + delayMs);
    this.pace(upstream, client, () => this.network.downBytesPerMs, true);
  }

  /** Forwards chunks in order after the one-way delay, no faster than the bandwidth. */
  private pace(from: Socket, to: Socket, rate: () => number, count: boolean, notBefore = 0) {
    const queue: Array<{ chunk: Buffer; at: number }> = [];
    let free = notBefore;
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
