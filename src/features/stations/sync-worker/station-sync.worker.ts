/**
 * The station sync off the page's main thread (docs/performance.md "Station sync in a
 * worker"). A first visit stores up to three countries' lists: fetching, decoding the
 * compact wire form, building and checking about 2,000 records and writing them to
 * IndexedDB was over a second of main-thread work on a phone profile, in many tasks of
 * 50–300 ms, on every page type (the background sync runs wherever the app was opened).
 * Here it runs in a dedicated worker with the same code; the page's live queries
 * (dexie-react-hooks) hear of what it stores through Dexie's BroadcastChannel.
 */
import { syncStationLists } from '../background-sync';
import { syncStations } from '../station-sync';
import { LIST_PART, type SyncReply, type SyncRequest } from './protocol';

/** The worker's global scope, typed here: the app's TypeScript lib is the DOM one. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SyncRequest>) => void) | null;
  postMessage(message: SyncReply): void;
};

async function handle(request: SyncRequest): Promise<void> {
  const { id } = request;
  try {
    if (request.type === 'lists') {
      scope.postMessage({ id, type: 'done', outcome: await syncStationLists(request.locale) });
      return;
    }
    const outcome = await syncStations(request.country, request.locale, {
      ...(request.wantsList
        ? {
            onFullList: ({ stations, ...list }, liveVersion) => {
              for (let start = 0; start < stations.length; start += LIST_PART)
                scope.postMessage({ id, type: 'list-part', stations: stations.slice(start, start + LIST_PART) });
              scope.postMessage({ id, type: 'list-end', list, liveVersion });
            },
          }
        : {}),
    });
    scope.postMessage({ id, type: 'done', outcome });
  } catch (error) {
    scope.postMessage({ id, type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = (event) => void handle(event.data);
