/**
 * The maps script loader of spec §7: libraries places and marker by default; optional key,
 * language and region; version default 'weekly'; up to 3 retries with growing back-off.
 * The script calls back a global function when ready (Google's documented `callback`
 * parameter), so that loading does not depend on the script's own load event order.
 */
export interface MapsScriptOptions {
  key?: string | undefined;
  language?: string | undefined;
  region?: string | undefined;
  version?: string;
  libraries?: readonly string[];
  /** Retries after the first attempt (spec §7: up to 3). */
  retries?: number;
  /** Back-off before retry n (1-based), growing: base × 2^(n-1). */
  backoffMs?: number;
}

const MAPS_SCRIPT_URL = 'https://maps.googleapis.com/maps/api/js';
const CALLBACK = '__st1MapsReady';

export function mapsScriptUrl(options: MapsScriptOptions): string {
  const params = new URLSearchParams();
  if (options.key) params.set('key', options.key);
  params.set('libraries', (options.libraries ?? ['places', 'marker']).join(','));
  params.set('v', options.version ?? 'weekly');
  if (options.language) params.set('language', options.language);
  if (options.region) params.set('region', options.region);
  params.set('loading', 'async');
  params.set('callback', CALLBACK);
  return `${MAPS_SCRIPT_URL}?${params.toString()}`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function attempt(url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const global = window as unknown as Record<string, unknown>;
    const cleanUp = () => {
      clearTimeout(timer);
      delete global[CALLBACK];
    };
    const timer = setTimeout(() => {
      cleanUp();
      script.remove();
      reject(new Error('The maps script timed out'));
    }, timeoutMs);
    global[CALLBACK] = () => {
      cleanUp();
      resolve();
    };
    script.src = url;
    script.async = true;
    script.onerror = () => {
      cleanUp();
      script.remove();
      reject(new Error('The maps script failed to load'));
    };
    document.head.append(script);
  });
}

let loading: Promise<void> | undefined;

/** Loads the script once per page (calls in flight share it); after a failed load a later call tries again. */
export function loadMapsScript(options: MapsScriptOptions, timeoutMs = 15_000): Promise<void> {
  if ((window as { google?: { maps?: unknown } }).google?.maps) return Promise.resolve();
  loading ??= (async () => {
    const url = mapsScriptUrl(options);
    const retries = Math.min(options.retries ?? 3, 3);
    const backoff = options.backoffMs ?? 1000;
    for (let tryNumber = 0; ; tryNumber++) {
      try {
        await attempt(url, timeoutMs);
        return;
      } catch (error) {
        if (tryNumber >= retries) throw error;
        await wait(backoff * 2 ** tryNumber);
      }
    }
  })();
  // Once settled, window.google answers (loaded) or a later call tries again (failed).
  const settle = () => {
    loading = undefined;
  };
  loading.then(settle, settle);
  return loading;
}
