/**
 * The connection limits and the never-shed routes of load-shedding.ts, on a bare Fastify
 * listening on loopback (real sockets): a connection that never sends a byte is closed
 * (issue 27, finding 5), and a NEVER_SHED route answers while every slot is taken
 * (finding 2). The site server's whole configuration is tests/integration/load-shedding.test.ts.
 */
import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShedding, NEVER_SHED } from './load-shedding';

const IDLE_MS = 300;
let app: FastifyInstance;
let port: number;
let releaseSlow: () => void = () => undefined;

beforeAll(async () => {
  app = Fastify();
  await app.register(loadShedding, { maxEventLoopDelayMs: 0, maxInFlight: 1, idleConnectionMs: IDLE_MS });
  app.get('/slow', () => new Promise<string>((resolve) => (releaseSlow = () => resolve('done'))));
  app.get('/page', () => 'page');
  app.get('/readyz', { config: NEVER_SHED }, () => 'ready');
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** Resolves with how long the socket stayed open, or with 'open' after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<number | 'open'> {
  const opened = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - opened);
    });
  });
}

const open = () =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

describe('connections', () => {
  it('closes a connection that sends nothing', async () => {
    const silent = await open();
    expect(await closedWithin(silent, 5000)).not.toBe('open');
  });

  it('keeps a connection that sent a request (keep-alive) past the idle limit', async () => {
    const socket = await open();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('GET /page HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await closedWithin(socket, IDLE_MS * 3)).toBe('open');
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    socket.destroy();
  });
});

describe('never-shed routes', () => {
  it('answers a NEVER_SHED route while every slot is taken, and sheds the others', async () => {
    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    // The slow request holds the one slot once it has reached its handler.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if ((await fetch(`http://127.0.0.1:${port}/page`)).status === 503) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await fetch(`http://127.0.0.1:${port}/page`)).status).toBe(503);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    releaseSlow();
    expect((await slow).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/page`)).status).toBe(200);
  });
});
