/**
 * Load shedding and connection time limits (docs/operations.md "Overload").
 *
 * Under more requests than the cores can render, a server that accepts everything queues
 * them: with 1,000 connections about one request in ten waited past 10 s. Instead, new
 * requests are answered at once with a 503 and Retry-After, so that browsers, proxies and
 * load balancers retry later or elsewhere and the requests already accepted finish in time:
 * - when more than SHED_MAX_IN_FLIGHT requests are being served (a burst of connections
 *   arrives within one turn of the event loop, before any lag can be measured);
 * - when the event loop lags (@fastify/under-pressure: its mean delay over the last sample
 *   above SHED_EVENT_LOOP_DELAY_MS).
 *
 * Node keeps a client that sends its headers slowly for 60 s and a whole request for 300 s
 * by default, and one that sends nothing for ever; HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS
 * and IDLE_CONNECTION_MS end them much sooner (each holds a socket and memory).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

/** Longest wait for a request's headers (Node's default: 60 s). */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * Longest wait for the first request on a new connection. Node's header time-out starts
 * with the request's first byte, so a connection that sends nothing was never closed
 * (issue 27, finding 5): each held a socket and a file descriptor for good.
 */
export const IDLE_CONNECTION_MS = 10_000;
/** Longest wait for a whole request, body included (Node's default: 300 s); bodies are ≤ 64 KB. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** How often the event loop's delay is sampled (its mean over this window is compared). */
const SAMPLE_INTERVAL_MS = 1000;
/** Seconds a shed request is told to wait: a couple of samples, long enough for the lag to clear. */
const SHED_RETRY_AFTER_S = 2;

const overloaded = () =>
  new HttpError(503, 'OVERLOADED', 'The server is busy; try again shortly', {
    headers: { 'retry-after': String(SHED_RETRY_AFTER_S) },
  });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Never shed, nor counted in flight: see NEVER_SHED. */
    neverShed?: boolean;
  }
}

/**
 * Route config of a route that is answered whatever the load (`/readyz`): it must be
 * cheap, never waiting on anything. under-pressure lets a request through when the route's
 * `pressureHandler` returns nothing.
 */
export const NEVER_SHED = { neverShed: true, pressureHandler: () => undefined } as const;

/** Admits at most `max` requests at a time; the others are shed at once. */
function limitInFlight(app: FastifyInstance, max: number, onShed: LoadSheddingOptions['onShed']): void {
  let inFlight = 0;
  const admitted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.neverShed) return;
    if (inFlight >= max) {
      onShed?.('in_flight');
      throw overloaded();
    }
    inFlight += 1;
    admitted.add(request);
  });
  // Once per admitted request, whether it was answered or its client went away.
  const release = async (request: FastifyRequest) => {
    if (admitted.delete(request)) inFlight -= 1;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}

/** Closes each connection on which no request has arrived `ms` after it was opened. */
function closeSilentConnections(server: Server, ms: number): void {
  const spoken = new WeakSet<Socket>();
  server.on('request', (request: IncomingMessage) => spoken.add(request.socket));
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (!spoken.has(socket)) socket.destroy();
    }, ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

export interface LoadSheddingOptions {
  /** Mean event-loop delay (ms) above which requests are shed; 0: never. */
  maxEventLoopDelayMs: number;
  /** Requests served at once above which new ones are shed; 0: no limit. */
  maxInFlight: number;
  /** Connections without a request this long after opening are closed (tests shorten it). */
  idleConnectionMs?: number;
  /** Hears of each shed request and why (the metrics, docs/operations.md "Metrics"). */
  onShed?: (reason: 'in_flight' | 'event_loop_delay') => void;
}

export const loadShedding = fp(async (app: FastifyInstance, options: LoadSheddingOptions) => {
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  closeSilentConnections(app.server, options.idleConnectionMs ?? IDLE_CONNECTION_MS);
  if (options.maxInFlight > 0) limitInFlight(app, options.maxInFlight, options.onShed);
  if (options.maxEventLoopDelayMs === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: SAMPLE_INTERVAL_MS,
    // A rejected promise goes to the error handler as it is: a 503 written once, no log line
    // per shed request (under-pressure's own error would be logged as an unexpected 5xx).
    pressureHandler: () => {
      options.onShed?.('event_loop_delay');
      return Promise.reject(overloaded());
    },
  });
});
