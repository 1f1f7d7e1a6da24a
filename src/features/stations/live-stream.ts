/**
 * Live data while a locator or station page is open (decision 017, docs/stations.md "Live
 * while open"): one Server-Sent Events stream per tab and country, opened only while the
 * tab is visible, online, and the connection allows optional traffic (never on Save-Data,
 * 2g or a slow link: shared/connection-budget.ts). Each event is the live channel's
 * compact delta, decoded and stored through the same Dexie path as the delta sync
 * (station-db.ts `applyLiveDelta`), so the pages' live queries repaint.
 *
 * The stream resumes by version: it opens with the stored live version (`since`), and the
 * site server first sends what changed since. When the tab is hidden or goes offline the
 * stream is closed; on visible it opens again and so catches up by that delta. When the
 * stream breaks (or the server says the list must be synced in full), it is closed, the
 * delta sync of both channels runs, and a new stream waits 5 s, then 15 s, 45 s … 5 min
 * (the locator's retry rule) after failures in a row.
 */
import { SITE_API_PATHS } from '#shared/api/paths';
import { connectionBudget, type ConnectionInfo } from '#shared/connection-budget';
import type { Locale } from '#shared/locales';
import type { StationCountry } from '#shared/station-constants';
import { decodeLive, type LiveList } from '#shared/station-wire';
import { applyLiveDelta, readListMeta } from './station-db';
import { syncStations } from './station-sync';
import { retryDelayMs } from './use-station-list';

/** What the controller needs of an EventSource. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

/** What the controller needs of the browser and the store; tests pass their own. */
export interface LiveStreamEnvironment {
  isVisible(): boolean;
  isOnline(): boolean;
  /** Whether the connection allows a stream (not Save-Data, 2g nor a slow link). */
  connectionAllows(): boolean;
  /** Calls `listener` on visibility, online/offline and connection changes; returns the way to stop. */
  onChange(listener: () => void): () => void;
  open(url: string): EventSourceLike;
  setTimer(run: () => void, ms: number): () => void;
  /** The stored list's live version and history; undefined when the country has no list stored. */
  held(country: StationCountry): Promise<{ liveVersion: number; dataset: string | undefined } | undefined>;
  /** Stores an event's data; 'other-list' when the app must sync instead. */
  apply(country: StationCountry, data: string): Promise<'applied' | 'stale' | 'other-list'>;
  /** The delta sync of both channels (station-sync.ts). */
  sync(country: StationCountry, locale: Locale): Promise<unknown>;
}

interface LiveStreamController {
  /** Keeps the country's stream open while the rules allow, until the returned function is called. */
  watch(country: StationCountry, locale: Locale): () => void;
}

interface Watched {
  country: StationCountry;
  locale: Locale;
  watchers: number;
  source: EventSourceLike | undefined;
  /** Opening is under way (reading the stored version). */
  opening: boolean;
  /** A new stream waits for this timer (the backoff after a failure). */
  cancelWait: (() => void) | undefined;
  failures: number;
}

function liveStreamUrl(country: StationCountry, held: { liveVersion: number; dataset: string | undefined }) {
  const query = new URLSearchParams({ country, since: String(held.liveVersion) });
  if (held.dataset) query.set('dataset', held.dataset);
  return `/${SITE_API_PATHS.stationLiveStream}?${query.toString()}`;
}

const allowed = (env: LiveStreamEnvironment, entry: Watched) =>
  entry.watchers > 0 && env.isVisible() && env.isOnline() && env.connectionAllows();

function closeSource(entry: Watched) {
  entry.source?.close();
  entry.source = undefined;
}

/** The stream broke or must start over: the delta sync takes over, a new stream after the backoff. */
function fallBack(env: LiveStreamEnvironment, entry: Watched, reconsider: (entry: Watched) => void) {
  closeSource(entry);
  entry.failures += 1;
  void env.sync(entry.country, entry.locale).catch(() => undefined);
  entry.cancelWait?.();
  entry.cancelWait = env.setTimer(() => {
    entry.cancelWait = undefined;
    reconsider(entry);
  }, retryDelayMs(entry.failures));
}

/** What the stream's events do; events of a stream already replaced are ignored. */
function listen(env: LiveStreamEnvironment, entry: Watched, source: EventSourceLike, onFailure: () => void) {
  const current = () => entry.source === source;
  source.addEventListener('open', () => {
    if (current()) entry.failures = 0;
  });
  source.addEventListener('live', (event) => {
    if (!current() || typeof event.data !== 'string') return;
    void env.apply(entry.country, event.data).then(
      (result) => {
        if (result === 'other-list' && current()) onFailure();
      },
      (error: unknown) => console.warn('A live station update could not be stored', error),
    );
  });
  source.addEventListener('resync', () => {
    if (current()) onFailure();
  });
  // EventSource would reconnect by itself; the rule here is the delta sync and a backoff.
  source.addEventListener('error', () => {
    if (current()) onFailure();
  });
}

/** Opens the country's stream from the stored live version, when there is one and the rules still allow. */
async function open(env: LiveStreamEnvironment, entry: Watched, reconsider: (entry: Watched) => void) {
  entry.opening = true;
  let held: Awaited<ReturnType<LiveStreamEnvironment['held']>>;
  try {
    held = await env.held(entry.country);
  } catch {
    held = undefined; // no storage: nothing to keep live
  } finally {
    entry.opening = false;
  }
  // Nothing stored to resume from (a station page of a country this device never synced).
  if (!held || held.liveVersion < 1) return;
  if (!allowed(env, entry) || entry.source || entry.cancelWait) return;
  const source = env.open(liveStreamUrl(entry.country, held));
  entry.source = source;
  listen(env, entry, source, () => fallBack(env, entry, reconsider));
}

export function createLiveStreamController(env: LiveStreamEnvironment): LiveStreamController {
  const watched = new Map<StationCountry, Watched>();
  let stopListening: (() => void) | undefined;

  function reconsider(entry: Watched) {
    if (!allowed(env, entry)) {
      closeSource(entry);
      return;
    }
    if (entry.source || entry.opening || entry.cancelWait) return;
    void open(env, entry, reconsider);
  }

  function release(entry: Watched) {
    entry.watchers -= 1;
    if (entry.watchers > 0) return;
    closeSource(entry);
    entry.cancelWait?.();
    entry.cancelWait = undefined;
    watched.delete(entry.country);
    if (watched.size === 0) {
      stopListening?.();
      stopListening = undefined;
    }
  }

  return {
    watch(country, locale) {
      let entry = watched.get(country);
      if (!entry) {
        entry = { country, locale, watchers: 0, source: undefined, opening: false, cancelWait: undefined, failures: 0 };
        watched.set(country, entry);
      }
      entry.watchers += 1;
      stopListening ??= env.onChange(() => {
        for (const each of watched.values()) reconsider(each);
      });
      reconsider(entry);
      const held = entry;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release(held);
      };
    },
  };
}

type NavigatorWithConnection = Navigator & { connection?: ConnectionInfo & EventTarget };

/** The browser's side: the page's visibility, navigator.onLine and .connection, EventSource, IndexedDB. */
export function browserLiveStreamEnvironment(): LiveStreamEnvironment {
  const connection = () => (navigator as NavigatorWithConnection).connection;
  return {
    isVisible: () => document.visibilityState === 'visible',
    isOnline: () => navigator.onLine,
    connectionAllows: () => connectionBudget(connection()) !== 'none',
    onChange(listener) {
      document.addEventListener('visibilitychange', listener);
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      connection()?.addEventListener('change', listener);
      return () => {
        document.removeEventListener('visibilitychange', listener);
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
        connection()?.removeEventListener('change', listener);
      };
    },
    open: (url) => new EventSource(url),
    setTimer(run, ms) {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    async held(country) {
      const meta = await readListMeta(country);
      return meta ? { liveVersion: meta.liveVersion ?? 0, dataset: meta.dataset } : undefined;
    },
    async apply(country, data) {
      let list: LiveList;
      try {
        list = decodeLive(JSON.parse(data) as unknown, country);
      } catch {
        return 'other-list'; // a broken event: sync instead of guessing
      }
      return applyLiveDelta(list);
    },
    sync: (country, locale) => syncStations(country, locale),
  };
}

let controller: LiveStreamController | undefined;

/** The tab's one controller: a locator and a station page of one country share one stream. */
export function liveStreams(): LiveStreamController {
  controller ??= createLiveStreamController(browserLiveStreamEnvironment());
  return controller;
}
