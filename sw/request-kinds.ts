/**
 * Which requests the worker handles, and how (pure, unit-tested). Only same-origin
 * requests are touched; preview pages (private, never cached), the proxy, the API and the
 * build check always go to the network untouched.
 */
import { PAYLOAD_SUFFIX } from '#shared/payload';

export type RequestKind = 'page' | 'payload' | 'image' | 'other';

/** Paths that are never cached nor answered from a cache. */
const NETWORK_ONLY = /^\/(?:preview(?:\/|$)|proxy\/|api\/|builds\/|healthz$|sw\.js$|manifests\/)/;

export interface RequestFacts {
  url: string;
  method: string;
  mode: RequestMode;
  destination: RequestDestination;
}

export function requestKind(request: RequestFacts, workerOrigin: string): RequestKind {
  if (request.method !== 'GET') return 'other';
  const url = new URL(request.url);
  if (url.origin !== workerOrigin || NETWORK_ONLY.test(url.pathname)) return 'other';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.endsWith(PAYLOAD_SUFFIX)) return 'payload';
  if (request.destination === 'image' || url.pathname.startsWith('/images/')) return 'image';
  return 'other';
}
