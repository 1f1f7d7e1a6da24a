/**
 * The probes a load balancer and an orchestrator ask (docs/operations.md "Health and
 * readiness"), on both servers, and the build id the app polls (docs/pwa.md "Build
 * updates"). A probe that fails answers 503 with the same shape (`status` says why), not
 * an error body: balancers read the status, operators the body.
 */
import { z } from '../zod';
import { endpoint, type Endpoint } from './endpoint';
import { PROBE_API_PATHS } from './paths';

/** Requests being served; it falls to 0 while a server drains for shutdown. */
const inFlight = z.number().int().nonnegative();

export const siteProbesApi = {
  /** 503 `degraded` while the origin does not answer. */
  health: endpoint({
    method: 'GET',
    path: PROBE_API_PATHS.health,
    request: {},
    response: z.object({ status: z.enum(['ok', 'degraded']), origin: z.enum(['up', 'down']), buildId: z.string() }),
    errors: [],
  }),
  /**
   * 503 while draining or without the origin; on READY_PORT's own thread also while the
   * main thread's event loop is stalled (server/site/ready-state.ts).
   */
  ready: endpoint({
    method: 'GET',
    path: PROBE_API_PATHS.ready,
    request: {},
    response: z.object({ status: z.enum(['ready', 'draining', 'origin unavailable', 'event loop stalled']), inFlight }),
    errors: [],
  }),
  /** The build the server runs: a page whose own build differs reloads on its next navigation. */
  latestBuild: endpoint({
    method: 'GET',
    path: PROBE_API_PATHS.latestBuild,
    request: {},
    response: z.object({ id: z.string().min(1), timestamp: z.number() }),
    errors: [],
  }),
};

export const originProbesApi = {
  health: endpoint({
    method: 'GET',
    path: PROBE_API_PATHS.health,
    request: {},
    response: z.object({ status: z.literal('ok') }),
    errors: [],
  }),
  /** 503 while draining or while the database does not answer. */
  ready: endpoint({
    method: 'GET',
    path: PROBE_API_PATHS.ready,
    request: {},
    response: z.object({ status: z.enum(['ready', 'draining', 'database unavailable']), inFlight }),
    errors: [],
  }),
};

/** The route schema of a probe: the same answer, with 200 (it holds) or 503 (it does not). */
export function probeRouteSchema<E extends Endpoint>(
  contract: E,
): { response: { 200: E['response']; 503: E['response'] } } {
  return { response: { 200: contract.response, 503: contract.response } };
}
