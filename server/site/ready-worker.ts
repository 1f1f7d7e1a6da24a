/**
 * The readiness listener's thread (server/site/ready-listener.ts): a node:http server that
 * answers `GET /readyz` (and HEAD) from the shared state alone, never waiting for the main
 * thread. Anything else is a 404.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PROBE_API_PATHS } from '#shared/api/paths';
import { readReady, readyAnswer } from './ready-state';
import type { FromReadyThread, ReadyWorkerData } from './ready-listener';

const port = parentPort;
if (!port) throw new Error('ready-worker.ts runs as a worker thread (server/site/ready-listener.ts)');
const { buffer, host, port: listenPort } = workerData as ReadyWorkerData;
const tell = (message: FromReadyThread) => port.postMessage(message);
const READY_PATH = `/${PROBE_API_PATHS.ready}`;

const server = http.createServer((request, response) => {
  const path = (request.url ?? '').split('?')[0];
  if (path !== READY_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /readyz\n');
    return;
  }
  const { status, body } = readyAnswer(readReady(buffer));
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : JSON.stringify(body));
});
// A balancer that keeps its connection open must not hold up the thread's end.
server.keepAliveTimeout = 5000;
server.once('error', (error) => tell({ kind: 'failed', message: error.message }));
server.listen(listenPort, host, () => {
  const { address, port: bound } = server.address() as AddressInfo;
  tell({ kind: 'listening', url: `http://${address.includes(':') ? `[${address}]` : address}:${bound}${READY_PATH}` });
});
