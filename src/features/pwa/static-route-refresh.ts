/**
 * A start page the browser answered from a static route's cache, without the worker
 * (sw/start-page-routes.ts), asks the worker for a fresh copy for the next start: the
 * revalidation the worker's own strategy does behind its answer. Asked right after
 * hydration, not with the rest of the PWA code (after the load event and an idle moment):
 * on a connection that hangs, the load event waits for whatever the network holds back,
 * and the refresh would wait with it. Tiny on purpose: part of the entry script.
 */
import type { PageToWorkerMessage } from '#shared/service-worker-protocol';

/** Navigation Timing says which source served the document (`workerMatchedSourceType`, Chromium 123+). */
function answeredByStaticRoute(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as Array<
    PerformanceNavigationTiming & { workerMatchedSourceType?: string }
  >;
  return entry?.workerMatchedSourceType === 'cache';
}

export function refreshIfAnsweredByStaticRoute(): void {
  if (!('serviceWorker' in navigator) || !answeredByStaticRoute()) return;
  const message: PageToWorkerMessage = { type: 'REFRESH_START_PAGE', url: window.location.pathname };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}
