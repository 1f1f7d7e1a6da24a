/**
 * A TCP proxy on loopback in front of the site server: the part the lie-fi proxy
 * (./lie-fi-proxy.ts) and the benchmarks' throttling proxy
 * (scripts/bench-support/throttling-proxy.ts) share. It listens on a free port, connects
 * each browser connection to the server, drops every connection at once while `refuse` is
 * set (the server away, the browser unaware), and closes both sides together. What happens
 * to the bytes in between is the subclass's `relay`.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export abstract class LoopbackProxy {
  /** Server away: every new connection is dropped at once. */
  refuse = false;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly targetPort: number) {
    this.server = createServer((client) => this.pipe(client));
  }

  /** Listens on a free loopback port and returns it. */
  protected listenOnFreePort(): Promise<number> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as { port: number }).port)),
    );
  }

  /** Drops every connection (and, by `onClose`, what the subclass still holds) and stops listening. */
  close(): Promise<void> {
    this.onClose();
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Forwards the bytes between a browser connection and its server connection, both ways. */
  protected abstract relay(client: Socket, upstream: Socket): void;

  /** What the subclass still holds back when the proxy closes (timers). */
  protected onClose(): void {}

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
    this.relay(client, upstream);
  }
}
