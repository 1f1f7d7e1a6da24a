/**
 * The live streams of one site server (decision 017, docs/stations.md "Live while open"):
 * every open stream of a country gets each change of its live data, read from the origin
 * ONCE per change and site server, however many tabs are open. What starts a read: a
 * notice heard on Redis (`notice`), or without Redis a poll of the origin's live channel
 * while at least one stream is open (`poll`).
 *
 * Per country the hub holds the live version all its streams have been brought to. A
 * stream that opens holding another version is first brought to the current one by a
 * delta of its own (the resume of `Last-Event-ID`). Everything a country does runs one
 * after the other (a queue per country), so a delta is never sent to a stream that has not
 * had the one before it.
 */
import type { ResponseOf } from '#shared/api/endpoint';
import type { stationsApi } from '#shared/api/stations';
import type { StationCountry } from '#shared/station-constants';

export type LiveWireAnswer = ResponseOf<typeof stationsApi.live>;

/** The origin's live channel for one country (origin-client.ts `stationLive`): undefined on 304. */
export type FetchLive = (
  country: StationCountry,
  held: { since: number; dataset?: string | undefined; etag?: string | undefined },
) => Promise<{ body: LiveWireAnswer; etag: string | undefined } | undefined>;

export interface LiveStream {
  readonly country: StationCountry;
  /** The history the browser's version belongs to (another one must sync in full). */
  readonly dataset: string | undefined;
  /** The live version the browser holds: what it asked with, then what it was last sent. */
  at: number;
  write(text: string): void;
  /** Ends the response (the browser's EventSource reconnects after `retry`, or the app decides). */
  end(): void;
}

/** An SSE message with the live version as its id (what `Last-Event-ID` brings back). */
function liveEvent(answer: LiveWireAnswer): string {
  return `id: ${answer.version}\nevent: live\ndata: ${JSON.stringify(answer)}\n\n`;
}

/**
 * A version that moved without a change in this country (the live version is global,
 * decision 016): an `id` alone moves the browser's Last-Event-ID and dispatches no event.
 */
function versionOnly(version: number): string {
  return `id: ${version}\n\n`;
}

/** The browser's list is of another history (or ahead of the origin): it syncs in full, then opens again. */
export const RESYNC_EVENT = 'event: resync\ndata: {}\n\n';

/** A comment every so often, so that proxies and load balancers keep an idle stream open. */
const HEARTBEAT = ': keep-alive\n\n';

interface CountryState {
  streams: Set<LiveStream>;
  /** The version every stream of the country has been brought to; undefined before the first read. */
  version: number | undefined;
  dataset: string | undefined;
  etag: string | undefined;
  queue: Promise<void>;
  /** A refresh is queued and has not started: another notice needs no second one. */
  refreshQueued: boolean;
}

type SentKind = 'live' | 'version' | 'resync';

interface LiveHubOptions {
  fetchLive: FetchLive;
  /** Where the hub says what failed (an origin read); the stream goes on or ends. */
  log: { warn: (object: object, message: string) => void };
  /** Without Redis: how often the origin is asked while streams are open; undefined: never (notices). */
  pollMs?: number | undefined;
  heartbeatMs?: number;
  /** What the metrics count: an event sent (by kind), a read of the origin by what started it. */
  observe?: {
    sent(kind: SentKind, streams: number): void;
    read(cause: 'notice' | 'poll' | 'resume'): void;
  };
}

export interface LiveHub {
  /** Adds an open stream; resolves once it has been brought to the current version. */
  open(stream: LiveStream): Promise<void>;
  close(stream: LiveStream): void;
  /** A notice heard: the import that took `version` committed (any country). */
  notice(version: number | undefined): void;
  readonly size: number;
  /** Ends every stream (the server's shutdown) and stops the timers. */
  endAll(): void;
}

function newCountryState(): CountryState {
  return {
    streams: new Set(),
    version: undefined,
    dataset: undefined,
    etag: undefined,
    queue: Promise.resolve(),
    refreshQueued: false,
  };
}

/** Runs `task` after everything queued for the country before it. */
function enqueue(state: CountryState, task: () => Promise<void>): Promise<void> {
  const run = state.queue.then(task);
  state.queue = run.catch(() => undefined);
  return run;
}

/** Sends an answer to one stream: the rows, the version alone, or the order to sync in full. */
function deliver(stream: LiveStream, answer: LiveWireAnswer): SentKind | undefined {
  if (answer.full) {
    stream.write(RESYNC_EVENT);
    stream.end();
    return 'resync';
  }
  if (answer.version <= stream.at) return undefined;
  const changed = answer.prices.length + answer.statuses.length + answer.tariffs.length > 0;
  stream.write(changed ? liveEvent(answer) : versionOnly(answer.version));
  stream.at = answer.version;
  return changed ? 'live' : 'version';
}

function adopt(state: CountryState, answer: LiveWireAnswer, etag: string | undefined) {
  state.version = answer.version;
  state.dataset = answer.dataset;
  state.etag = etag;
}

/**
 * A country nobody listens to forgets its version (in its queue, after whatever read is
 * under way), so the next stream starts from its own: changes it hears of meanwhile are
 * not read for nobody.
 */
function forgetIfUnwatched(state: CountryState) {
  void enqueue(state, async () => {
    if (state.streams.size > 0) return;
    state.version = undefined;
    state.etag = undefined;
  });
}

/** Heartbeats, and without Redis the poll, running only while a stream is open. */
function liveTimers(options: LiveHubOptions, heartbeat: () => void, poll: () => void) {
  let timers: Array<ReturnType<typeof setInterval>> = [];
  return {
    start() {
      if (timers.length > 0) return;
      timers = [setInterval(heartbeat, options.heartbeatMs ?? 15_000)];
      if (options.pollMs !== undefined) timers.push(setInterval(poll, options.pollMs));
      // Timers of a hub never keep the process alive.
      for (const timer of timers) timer.unref();
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },
  };
}

/** Reads the changes since the country's version once and sends them to each of its streams. */
async function refresh(
  options: LiveHubOptions,
  country: StationCountry,
  state: CountryState,
  cause: 'notice' | 'poll',
): Promise<void> {
  state.refreshQueued = false;
  if (state.streams.size === 0) return;
  if (state.version === undefined) return; // the first stream's resume reads it
  options.observe?.read(cause);
  const since = state.version;
  const answer = await options.fetchLive(country, { since, dataset: state.dataset, etag: state.etag });
  if (!answer) return;
  const counts = new Map<SentKind, number>();
  for (const stream of [...state.streams]) {
    // A stream behind the delta's start opened while it was read: its resume, queued after
    // this refresh, brings it from its own version (sent this delta, it would skip the rows
    // in between and then have nothing left to resume).
    if (stream.at < since) continue;
    const kind = deliver(stream, answer.body);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  for (const [kind, streams] of counts) options.observe?.sent(kind, streams);
  // Another history (a restored database): every stream was told to sync in full.
  if (answer.body.full) state.version = undefined;
  else adopt(state, answer.body, answer.etag);
}

/** Brings a stream that opened on another version than the country's to the current one. */
async function resume(options: LiveHubOptions, state: CountryState, stream: LiveStream): Promise<void> {
  if (!state.streams.has(stream)) return;
  if (state.version !== undefined && stream.at === state.version) return;
  options.observe?.read('resume');
  // The stream's own delta: it holds another version than the others (Last-Event-ID).
  const answer = await options.fetchLive(stream.country, { since: stream.at, dataset: stream.dataset });
  // A 304 cannot come (no ETag sent); treated as nothing new all the same.
  if (!answer) return;
  const kind = deliver(stream, answer.body);
  if (kind) options.observe?.sent(kind, 1);
  if (answer.body.full) return;
  if (state.version === undefined) adopt(state, answer.body, answer.etag);
  // Newer than the others: they get the rows in between by one refresh (this stream holds
  // them, so it is skipped by its version).
  else if (answer.body.version > state.version) await refresh(options, stream.country, state, 'notice');
}

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const countries = new Map<StationCountry, CountryState>();
  let size = 0;

  const queueRefresh = (country: StationCountry, state: CountryState, cause: 'notice' | 'poll') => {
    if (state.refreshQueued) return;
    state.refreshQueued = true;
    void enqueue(state, () => refresh(options, country, state, cause)).catch((error: unknown) =>
      options.log.warn({ err: error, country }, 'live stream: reading the origin’s live data failed'),
    );
  };
  const timers = liveTimers(
    options,
    () => {
      for (const state of countries.values()) for (const stream of state.streams) stream.write(HEARTBEAT);
    },
    () => {
      for (const [country, state] of countries) queueRefresh(country, state, 'poll');
    },
  );

  return {
    get size() {
      return size;
    },
    open(stream) {
      let state = countries.get(stream.country);
      if (!state) countries.set(stream.country, (state = newCountryState()));
      size += 1;
      state.streams.add(stream);
      timers.start();
      const opened = state;
      return enqueue(opened, () => resume(options, opened, stream));
    },
    close(stream) {
      const state = countries.get(stream.country);
      if (!state?.streams.delete(stream)) return;
      size -= 1;
      if (state.streams.size === 0) forgetIfUnwatched(state);
      if (size === 0) timers.stop();
    },
    notice(version) {
      for (const [country, state] of countries) {
        if (state.streams.size === 0) forgetIfUnwatched(state);
        else if (version === undefined || state.version === undefined || version > state.version)
          queueRefresh(country, state, 'notice');
      }
    },
    endAll() {
      timers.stop();
      for (const state of countries.values()) {
        for (const stream of state.streams) stream.end();
        state.streams.clear();
      }
      size = 0;
    },
  };
}
