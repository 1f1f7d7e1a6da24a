/**
 * Load shedding and connection time limits (docs/operations.md "Overload").
 *
 * Under more requests than the cores can render, a server that accepts everything queues
 * them: with 1,000 connections about one request in ten waited past 10 s. Instead, when the
 * event loop lags (its mean delay over the last sample above SHED_EVENT_LOOP_DELAY_MS),
 * @fastify/under-pressure answers new requests at once with a 503 and Retry-After, so that
 * browsers, proxies and load balancers retry later or elsewhere, and the requests already
 * accepted finish in time.
 *
 * Node keeps a client that sends its headers slowly for 60 s and a whole request for 300 s
 * by default; HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS end them much sooner (slow-header
 * clients hold a socket and memory each).
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

/** Longest wait for a request's headers (Node's default: 60 s). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** Longest wait for a whole request, body included (Node's default: 300 s); bodies are ≤ 64 KB. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** How often the event loop's delay is sampled (its mean over this window is compared). */
const SAMPLE_INTERVAL_MS = 500;
/** Seconds a shed request is told to wait: a couple of samples, long enough for the lag to clear. */
export const SHED_RETRY_AFTER_S = 2;

export const overloaded = () =>
  new HttpError(503, 'OVERLOADED', 'The server is busy; try again shortly', {
    headers: { 'retry-after': String(SHED_RETRY_AFTER_S) },
  });

export const loadShedding = fp(async (app: FastifyInstance, options: { maxEventLoopDelayMs: number }) => {
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  if (options.maxEventLoopDelayMs === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: SAMPLE_INTERVAL_MS,
    // A rejected promise goes to the error handler as it is: a 503 written once, no log line
    // per shed request (under-pressure's own error would be logged as an unexpected 5xx).
    pressureHandler: () => Promise.reject(overloaded()),
  });
});
