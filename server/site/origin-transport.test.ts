/**
 * The site server's node:http transport to the origin answers like the client's ky path
 * (src/shared/api/client.test.ts): the same answers, failures, timeout and one retry, on
 * connections that stay open between requests. Against a real server on loopback.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestJson } from '#shared/api/client';
import { ApiError } from '#shared/api/errors';
import { createOriginTransport } from './origin-transport';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let base: string;
/** What the server does with each request, in order; the last one repeats. */
let handlers: Handler[] = [];
let seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string; socket: Socket }> =
  [];
const { transport, close } = createOriginTransport();

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body, socket: request.socket });
      (handlers[seen.length - 1] ?? handlers.at(-1)!)(request, response, body);
    });
  });
  base = await new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
});

afterEach(() => {
  handlers = [];
  seen = [];
});

afterAll(async () => {
  close();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

describe('origin transport', () => {
  it('sends the query, headers and JSON body, and reads the JSON answer and its headers', async () => {
    handlers = [json(201, { ok: true }, { etag: '"v1"' })];
    const answer = await requestJson({
      method: 'POST',
      url: `${base}/a`,
      query: { path: '/yrityksille', skip: undefined },
      headers: { 'x-st1-locale': 'fi-FI' },
      body: { q: 'x' },
      transport,
    });
    expect(answer).toMatchObject({ status: 201, body: { ok: true } });
    expect(answer.headers.get('etag')).toBe('"v1"');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/a?path=%2Fyrityksille', body: '{"q":"x"}' });
    expect(seen[0]!.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-st1-locale': 'fi-FI',
    });
  });

  it('keeps the connection open for the next request', async () => {
    handlers = [json(200, {})];
    await requestJson({ url: `${base}/one`, transport });
    await requestJson({ url: `${base}/two`, transport });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.socket).toBe(seen[0]!.socket);
  });

  it('throws our error body as an ApiError with its status', async () => {
    handlers = [json(404, { status: 404, code: 'NOT_FOUND', message: 'No page' })];
    const error = await failure(requestJson({ url: `${base}/x`, transport }));
    expect([error.status, error.code, error.message]).toEqual([404, 'NOT_FOUND', 'No page']);
  });

  it('calls a success that is not JSON a bad answer', async () => {
    handlers = [(_request, response) => response.end('<html></html>')];
    const error = await failure(requestJson({ url: `${base}/x`, transport }));
    expect([error.status, error.code, error.failure]).toEqual([502, 'BAD_ANSWER', 'bad-answer']);
  });

  it('gives up after timeoutMs with a timeout ApiError, and does not ask again', async () => {
    handlers = [() => undefined];
    const error = await failure(requestJson({ url: `${base}/slow`, timeoutMs: 50, retryOnce: true, transport }));
    expect([error.status, error.code, error.failure]).toEqual([0, 'TIMEOUT', 'timeout']);
    expect(error.message).toContain('no answer in 50 ms');
    expect(seen).toHaveLength(1);
  });

  it('is a network ApiError when the connection is refused', async () => {
    const refused = createServer();
    const port = await new Promise<number>((resolve) =>
      refused.listen(0, '127.0.0.1', () => resolve((refused.address() as AddressInfo).port)),
    );
    await new Promise((done) => refused.close(done));
    const error = await failure(requestJson({ url: `http://127.0.0.1:${port}/x`, transport }));
    expect([error.status, error.code, error.failure]).toEqual([0, 'NETWORK_ERROR', 'network']);
  });

  it("passes the caller's own abort on as it came", async () => {
    handlers = [() => undefined];
    const controller = new AbortController();
    const pending = requestJson({ url: `${base}/x`, signal: controller.signal, transport }).catch(
      (caught: unknown) => caught,
    );
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('with retryOnce, asks a GET once more after a 503 or a dropped connection, and never a POST', async () => {
    handlers = [json(503, {}), json(200, { ok: true })];
    expect((await requestJson({ url: `${base}/page`, retryOnce: true, transport })).body).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    seen = [];
    handlers = [(request) => request.socket.destroy(), json(200, { ok: 1 })];
    expect((await requestJson({ url: `${base}/page`, retryOnce: true, transport })).status).toBe(200);
    expect(seen).toHaveLength(2);
    seen = [];
    handlers = [json(503, {}), json(200, {})];
    const error = await failure(requestJson({ url: `${base}/page`, method: 'POST', retryOnce: true, transport }));
    expect(error.status).toBe(503);
    expect(seen).toHaveLength(1);
  });
});
