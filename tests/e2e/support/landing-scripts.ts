/**
 * The script a visit of a page makes Chromium fetch before the visitor can interact, as the
 * browser fetches it (issue 31, finding 12): every script response of the page, not a list
 * of chunks worked out from the build. Shared by the budget's e2e test
 * (tests/e2e/landing-budget.spec.ts) and the benchmark that writes the figures into
 * docs/performance.md (scripts/bench-landing-scripts.ts), so that both count one way.
 *
 * "Before interaction", as measured here: everything the page requests from the start of
 * the navigation until it is loaded, hydrated and quiet (the load event has fired, React
 * has hydrated, and no request of the page has been in flight for QUIET_MS), while the
 * browser never reports an idle moment (requestIdleCallback is held, its timeout too) and
 * nobody touches the page. That is a phone too busy to be idle before its visitor's first
 * tap: what the page fetches then is what it cannot do without. What waits for the first
 * press or key, or for an idle moment after the load event, is not counted; it is
 * recorded too ("at the first idle moment", after the held callbacks are let run, until
 * the page is quiet again) so that the documentation shows what loads when.
 *
 * Sizes are gzip at level 9 of each response's body (the old chunk budget's measure, so
 * the figures compare), whatever encoding the server chose; a script fetched twice counts
 * once. The service worker's own fetches (its precache) are not the page's and are not
 * counted.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from '@playwright/test';

/** The budget: at most this much script (gzip) before interaction (docs/performance.md). */
export const LANDING_SCRIPT_BUDGET_BYTES = 100 * 1024;

/** The page is quiet once no request of it has been in flight this long. */
export const QUIET_MS = 3000;
/** Longest wait for a quiet page: a request that never ends fails the measurement, named. */
const QUIET_DEADLINE_MS = 30_000;

export type ScriptPhase = 'before interaction' | 'at the first idle moment';

export interface FetchedScript {
  /** Path and query on the site (or the whole URL of another origin). */
  path: string;
  gzipBytes: number;
  phase: ScriptPhase;
  /** Answered by the service worker (from its cache), not the network. */
  fromServiceWorker: boolean;
}

export interface ScriptVisit {
  scripts: FetchedScript[];
  /** Sum of gzipBytes of the scripts fetched before interaction. */
  beforeInteractionBytes: number;
  /** Sum of gzipBytes of the scripts fetched at the first idle moment. */
  atIdleBytes: number;
}

/**
 * Holds every idle callback of the page (and its timeout) until
 * `window.__releaseIdleCallbacks()`; from then on idle callbacks are the browser's again.
 * Runs in the page before its own scripts (context.addInitScript).
 */
function holdIdleCallbacks(): void {
  const realRequest = window.requestIdleCallback.bind(window);
  const realCancel = window.cancelIdleCallback.bind(window);
  const held = new Map<number, IdleRequestCallback>();
  let nextId = 1;
  let released = false;
  window.requestIdleCallback = (callback, options) => {
    if (released) return realRequest(callback, options);
    const id = -nextId++;
    held.set(id, callback);
    return id;
  };
  window.cancelIdleCallback = (id) => {
    if (held.delete(id)) return;
    realCancel(id);
  };
  (window as unknown as { __releaseIdleCallbacks: () => void }).__releaseIdleCallbacks = () => {
    released = true;
    for (const callback of held.values()) realRequest(callback);
    held.clear();
  };
}

/** Holds idle callbacks in every page of the context from now on (once per context). */
export async function prepareContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(holdIdleCallbacks);
}

/** Resolves once no request of the page has been in flight for QUIET_MS. */
async function quiet(page: Page, inFlight: Set<Request>, lastChange: { at: number }): Promise<void> {
  const deadline = Date.now() + QUIET_DEADLINE_MS;
  for (;;) {
    if (inFlight.size === 0 && Date.now() - lastChange.at >= QUIET_MS) return;
    if (Date.now() > deadline) {
      throw new Error(
        `The page was never quiet for ${QUIET_MS} ms; in flight: ${[...inFlight].map((request) => request.url()).join(', ')}`,
      );
    }
    await page.waitForTimeout(100);
  }
}

/**
 * page-helpers' waitForHydration, written without named inner functions: the benchmark
 * runs under tsx, whose transform names them with a helper the page does not have (and
 * the site's CSP forbids a predicate passed as a string).
 */
function waitForHydration(page: Page) {
  return page.waitForFunction(() =>
    [
      [document.getElementById('root'), '__reactContainer$'] as const,
      [document.querySelector('main'), '__reactFiber$'] as const,
    ].every(([node, prefix]) => Boolean(node && Object.keys(node).some((key) => key.startsWith(prefix)))),
  );
}

/** What a caller checks or waits for at the two moments of a visit. */
export interface VisitHooks {
  /** The page is loaded, hydrated and quiet, its idle callbacks still held. */
  beforeIdle?: (page: Page) => Promise<void>;
  /** The idle callbacks have been let run: waits for background work before the last quiet. */
  afterIdle?: (page: Page) => Promise<void>;
}

/**
 * Visits `path` in a new page of `context` (prepared with prepareContext), and returns the
 * scripts fetched before interaction and at the first idle moment. The page is left open
 * and returned.
 */
export async function measureScripts(
  context: BrowserContext,
  path: string,
  hooks: VisitHooks = {},
): Promise<{ page: Page; visit: ScriptVisit }> {
  const page = await context.newPage();
  const inFlight = new Set<Request>();
  const lastChange = { at: Date.now() };
  let phase: ScriptPhase = 'before interaction';
  const phases = new Map<Request, ScriptPhase>();
  const pending: Array<Promise<Omit<FetchedScript, 'path'> & { url: URL }>> = [];
  const settle = (request: Request) => {
    inFlight.delete(request);
    lastChange.at = Date.now();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange.at = Date.now();
    phases.set(request, phase);
  });
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    settle(request);
    if (request.resourceType() !== 'script') return;
    const measured = (async () => {
      const response = await request.response();
      if (!response) throw new Error(`No response for ${request.url()}`);
      // Chromium may not hand over the body of an answer the worker gave from its cache:
      // the same file is asked of the server then (the worker's copy is the build's file).
      const body = await response
        .body()
        .catch(async () => (await context.request.get(request.url(), { failOnStatusCode: true })).body());
      return {
        url: new URL(request.url()),
        gzipBytes: gzipSync(body, { level: 9 }).length,
        phase: phases.get(request) ?? 'before interaction',
        fromServiceWorker: response.fromServiceWorker(),
      };
    })();
    // Failures surface in Promise.all below, not as an unhandled rejection meanwhile.
    measured.catch(() => {});
    pending.push(measured);
  });

  await page.goto(path, { waitUntil: 'load' });
  await waitForHydration(page);
  await quiet(page, inFlight, lastChange);
  await hooks.beforeIdle?.(page);
  phase = 'at the first idle moment';
  await page.evaluate(() => (window as unknown as { __releaseIdleCallbacks: () => void }).__releaseIdleCallbacks());
  lastChange.at = Date.now();
  await hooks.afterIdle?.(page);
  await quiet(page, inFlight, lastChange);

  const origin = new URL(page.url()).origin;
  const seen = new Set<string>();
  const scripts: FetchedScript[] = [];
  for (const { url, ...script } of await Promise.all(pending)) {
    const shown = url.origin === origin ? `${url.pathname}${url.search}` : url.href;
    if (seen.has(shown)) continue;
    seen.add(shown);
    scripts.push({ path: shown, ...script });
  }
  const sum = (wanted: ScriptPhase) =>
    scripts.filter((script) => script.phase === wanted).reduce((total, script) => total + script.gzipBytes, 0);
  return {
    page,
    visit: { scripts, beforeInteractionBytes: sum('before interaction'), atIdleBytes: sum('at the first idle moment') },
  };
}

/** The scripts of a visit as lines (size, phase, path), largest first within each phase. */
export function describeScripts(visit: ScriptVisit): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines: string[] = [];
  for (const phase of ['before interaction', 'at the first idle moment'] as const) {
    const scripts = visit.scripts.filter((script) => script.phase === phase).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = phase === 'before interaction' ? visit.beforeInteractionBytes : visit.atIdleBytes;
    lines.push(`${phase}: ${kb(total)} in ${scripts.length} scripts`);
    for (const script of scripts)
      lines.push(
        `  ${kb(script.gzipBytes).padStart(9)}  ${script.path}${script.fromServiceWorker ? ' (service worker)' : ''}`,
      );
  }
  return lines.join('\n');
}
