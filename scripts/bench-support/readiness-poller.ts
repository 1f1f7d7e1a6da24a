/**
 * Polls a readiness endpoint as a load balancer does, on a thread of its own (a worker), so
 * that the benchmark's own load generator, busy on the main thread, does not delay the
 * polls or their timing: one GET every `intervalMs` on a new connection, each given up
 * after `timeoutMs`, whether or not the previous one has answered.
 */
import { Worker } from 'node:worker_threads';

export interface Poll {
  status: number;
  ms: number;
}

// Plain JavaScript: a worker made from a string needs no TypeScript loader.
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, intervalMs, timeoutMs } = workerData;
const polls = [];
let pending = 0;
let stopping = false;
const finish = () => { if (stopping && pending === 0) parentPort.postMessage(polls); };
const poll = () => {
  const started = performance.now();
  pending += 1;
  let done = false;
  const record = (status) => {
    if (done) return;
    done = true;
    polls.push({ status, ms: Math.round(performance.now() - started) });
    pending -= 1;
    finish();
  };
  const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
    response.resume();
    response.on('end', () => record(response.statusCode));
    response.on('error', () => record(0));
  });
  request.on('timeout', () => { request.destroy(); record(0); });
  request.on('error', () => record(0));
};
const timer = setInterval(poll, intervalMs);
parentPort.on('message', () => { stopping = true; clearInterval(timer); finish(); });
`;

/** Starts polling `url`; `stop()` ends it and gives every poll (status 0: no answer). */
export function pollReadiness(url: string, intervalMs = 500, timeoutMs = 5000): { stop(): Promise<Poll[]> } {
  const worker = new Worker(POLLER, { eval: true, workerData: { url, intervalMs, timeoutMs } });
  return {
    async stop() {
      const polls = new Promise<Poll[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const result = await polls;
      await worker.terminate();
      return result;
    },
  };
}
