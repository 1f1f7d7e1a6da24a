/**
 * The throttling proxy's new-visitor model: the first connection after newVisitor() waits
 * its set-up round trips before its first bytes reach the server, later ones do not. Only
 * lower bounds on time are asserted where the model adds delay (a loaded machine can only
 * make a delivery later), and the no-set-up connection is compared with a wide margin.
 */
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ThrottlingProxy, type Network } from './throttling-proxy';

const NETWORK: Network = {
  name: 'test',
  delayMs: 40,
  downBytesPerMs: Infinity,
  upBytesPerMs: Infinity,
  setupRoundTrips: 6,
};
/** 6 round trips of 2 × 40 ms, then the request's own one-way delay. */
const SETUP_AND_DELAY_MS = 6 * 2 * 40 + 40;

let server: Server | undefined;
let proxy: ThrottlingProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  if (server) await new Promise((done) => server!.close(done));
});

/** A server that notes when the first bytes of each connection arrive. */
async function recordingServer(arrivals: number[]): Promise<number> {
  server = createServer((socket) => {
    socket.once('data', () => arrivals.push(Date.now()));
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** Opens a connection through the proxy, writes a byte and waits for the server to note it. */
async function sendOne(port: number, arrivals: number[]): Promise<number> {
  const before = arrivals.length;
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write('x');
  while (arrivals.length === before) await new Promise((done) => setTimeout(done, 5));
  socket.destroy();
  return arrivals[before]! - started;
}

describe('ThrottlingProxy new visitor', () => {
  it("charges the set-up round trips on a new visitor's first connection only", async () => {
    const arrivals: number[] = [];
    proxy = new ThrottlingProxy(await recordingServer(arrivals));
    const port = await proxy.listen();
    proxy.network = NETWORK;
    proxy.newVisitor();
    const first = await sendOne(port, arrivals);
    const second = await sendOne(port, arrivals);
    expect(first).toBeGreaterThanOrEqual(SETUP_AND_DELAY_MS - 5);
    expect(second).toBeGreaterThanOrEqual(NETWORK.delayMs - 5);
    // Without the set-up the second connection is one one-way delay, far below the first.
    expect(second).toBeLessThan(first - 200);
  });

  it('charges nothing without newVisitor() or on a network without set-up', async () => {
    const arrivals: number[] = [];
    proxy = new ThrottlingProxy(await recordingServer(arrivals));
    const port = await proxy.listen();
    proxy.network = NETWORK;
    const withoutVisitor = await sendOne(port, arrivals);
    proxy.network = { ...NETWORK, setupRoundTrips: undefined };
    proxy.newVisitor();
    const withoutSetup = await sendOne(port, arrivals);
    expect(withoutVisitor).toBeLessThan(SETUP_AND_DELAY_MS - 150);
    expect(withoutSetup).toBeLessThan(SETUP_AND_DELAY_MS - 150);
  });
});
