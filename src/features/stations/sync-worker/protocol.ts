/**
 * What the page and the station sync worker (./station-sync.worker.ts) say to each other.
 * One request, its replies carry its id; a full list comes in parts so that no single
 * message takes long to read on the page's main thread.
 */
import type { Locale } from '#shared/locales';
import type { StationCountry, StationList, StationSummary } from '#shared/stations';
import type { BackgroundOutcome } from '../background-sync';
import type { SyncOutcome } from '../station-sync';

export type SyncRequest =
  /** Sync one country (the locator); `wantsList`: send a full list as it arrives, before it is stored. */
  | { id: number; type: 'country'; country: StationCountry; locale: Locale; wantsList: boolean }
  /** The background sync of every country the connection allows (./background-sync.ts). */
  | { id: number; type: 'lists'; locale: Locale };

export type SyncReply =
  | { id: number; type: 'list-part'; stations: StationSummary[] }
  /** The last part: the list's facts with no stations (they came in the parts before), and the live data's version. */
  | { id: number; type: 'list-end'; list: Omit<StationList, 'stations'>; liveVersion: number }
  | { id: number; type: 'done'; outcome: SyncOutcome | Array<[StationCountry, BackgroundOutcome]> }
  | { id: number; type: 'failed'; message: string };

/** Stations per message of a full list. */
export const LIST_PART = 100;
