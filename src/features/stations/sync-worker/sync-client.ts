/**
 * The page's side of the station sync worker (./station-sync.worker.ts): the same calls as
 * ../station-sync.ts and ../background-sync.ts, run in the worker where the browser has
 * module workers, else here on the main thread (and here too once the worker failed to
 * start: a worker script the device could not load offline, say).
 */
import type { Locale } from '#shared/locales';
import type { StationCountry, StationList, StationSummary } from '#shared/stations';
import type { BackgroundOutcome } from '../background-sync';
import type { SyncOutcome } from '../station-sync';
import type { SyncReply, SyncRequest } from './protocol';

/** What the page needs of a worker; a stand-in in unit tests. */
export interface SyncWorker {
  postMessage(message: SyncRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SyncReply>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
}

/** A request before it has its id (distributed over the union, as Omit alone is not). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = {
  onReply: (reply: SyncReply) => void;
  /** The worker could not run: the call runs on the main thread instead. */
  onBroken: () => void;
};

function startWorker(): SyncWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./station-sync.worker.ts', import.meta.url), { type: 'module', name: 'station-sync' });
  } catch {
    return null;
  }
}

export class StationSyncClient {
  private worker: SyncWorker | null | undefined;
  private broken = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly createWorker: () => SyncWorker | null = startWorker) {}

  /** The worker, started on first use; null where there is none (or it broke). */
  private get(): SyncWorker | null {
    if (this.broken) return null;
    if (this.worker === undefined) {
      this.worker = this.createWorker();
      this.worker?.addEventListener('message', (event) => this.pending.get(event.data.id)?.onReply(event.data));
      // A module worker that cannot load (its script not on the device offline) or that
      // throws outside a request: every call in flight and after runs here instead.
      this.worker?.addEventListener('error', () => {
        this.broken = true;
        const waiting = [...this.pending.values()];
        this.pending.clear();
        waiting.forEach((call) => call.onBroken());
      });
    }
    return this.worker;
  }

  private call<T>(request: Unnumbered<SyncRequest>, onPart: (reply: SyncReply) => void, onMain: () => Promise<T>) {
    const worker = this.get();
    if (!worker) return onMain();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        onReply: (reply) => {
          if (reply.type === 'done') {
            this.pending.delete(id);
            resolve(reply.outcome as T);
          } else if (reply.type === 'failed') {
            this.pending.delete(id);
            reject(new Error(reply.message));
          } else onPart(reply);
        },
        onBroken: () => void onMain().then(resolve, reject),
      });
      worker.postMessage({ ...request, id });
    });
  }

  /** ../station-sync.ts `syncStations`, with its `onFullList`. */
  syncCountry(
    country: StationCountry,
    locale: Locale,
    options: { onFullList?: (list: StationList, liveVersion: number) => void } = {},
  ): Promise<SyncOutcome> {
    const parts: StationSummary[] = [];
    return this.call<SyncOutcome>(
      { type: 'country', country, locale, wantsList: options.onFullList !== undefined },
      (reply) => {
        if (reply.type === 'list-part') parts.push(...reply.stations);
        else if (reply.type === 'list-end')
          options.onFullList?.({ ...reply.list, stations: parts.splice(0) }, reply.liveVersion);
      },
      async () => (await import('../station-sync')).syncStations(country, locale, options),
    );
  }

  /** ../background-sync.ts `syncStationLists`. */
  syncLists(locale: Locale): Promise<Array<[StationCountry, BackgroundOutcome]>> {
    return this.call(
      { type: 'lists', locale },
      () => undefined,
      async () => (await import('../background-sync')).syncStationLists(locale),
    );
  }
}

let shared: StationSyncClient | undefined;

/** The page's one client (and worker). */
export function stationSync(): StationSyncClient {
  return (shared ??= new StationSyncClient());
}
