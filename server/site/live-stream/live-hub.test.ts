/**
 * The hub's rules of order (live-hub.ts): one origin read per change for all streams of a
 * country, a stream resumed from another version first gets its own delta, a stream never
 * gets a delta whose start it has not had, another history ends streams with `resync`.
 * The origin here is a small in-memory live channel with the real answer's shape; the hub
 * against a real origin and Redis is tests/integration/live-stream.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StationCountry } from '#shared/station-constants';
import { createLiveHub, RESYNC_EVENT, type FetchLive, type LiveStream, type LiveWireAnswer } from './live-hub';

/** Live rows by the version that made them: version n changed the price of station n of `country`. */
function liveChannel() {
  const changes: Array<{ version: number; country: StationCountry }> = [];
  let dataset = 'history-1';
  const reads: Array<{ country: StationCountry; since: number }> = [];
  const current = () => changes.at(-1)?.version ?? 1;
  const fetchLive: FetchLive = async (country, held) => {
    reads.push({ country, since: held.since });
    const full = held.since > current() || (held.dataset !== undefined && held.dataset !== dataset);
    const etag = `"${dataset}-${country}-${current()}"`;
    if (held.etag === etag) return undefined;
    const rows = changes.filter((change) => change.country === country && (full || change.version > held.since));
    const body: LiveWireAnswer = {
      country,
      version: current(),
      dataset,
      full,
      base: 0,
      prices: rows.map((row) => [`${country}-${row.version}`, 0, 1000 + row.version, 0]),
      statuses: [],
      tariffs: [],
    };
    return { body, etag };
  };
  return {
    fetchLive,
    reads,
    change(country: StationCountry) {
      const version = current() + 1;
      changes.push({ version, country });
      return version;
    },
    restore: () => {
      dataset = 'history-2';
    },
  };
}

function openStream(country: StationCountry, at: number, dataset?: string) {
  const written: string[] = [];
  let ended = false;
  const stream: LiveStream = {
    country,
    dataset,
    at,
    write: (text) => written.push(text),
    end: () => {
      ended = true;
    },
  };
  return {
    stream,
    written,
    ended: () => ended,
    /** The versions of the `live` events, and the price rows they carried. */
    events: () =>
      written
        .filter((text) => text.includes('event: live'))
        .map((text) => JSON.parse(text.split('data: ')[1]!) as LiveWireAnswer),
  };
}

const quiet = { warn: () => undefined };
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

let hubs: Array<ReturnType<typeof createLiveHub>> = [];
afterEach(() => {
  for (const hub of hubs) hub.endAll();
  hubs = [];
});

function hubOn(channel: ReturnType<typeof liveChannel>) {
  const hub = createLiveHub({ fetchLive: channel.fetchLive, log: quiet });
  hubs.push(hub);
  return hub;
}

describe('live hub', () => {
  it('reads the origin once per change for every stream of the country, and sends each stream the change', async () => {
    const channel = liveChannel();
    const hub = hubOn(channel);
    const tabs = Array.from({ length: 5 }, () => openStream('FI', 1));
    for (const tab of tabs) await hub.open(tab.stream);
    // All five hold version 1: the first one's resume read the version, the others needed none.
    expect(channel.reads).toHaveLength(1);
    const version = channel.change('FI');
    hub.notice(version);
    await settle();
    expect(channel.reads).toHaveLength(2);
    for (const tab of tabs) {
      expect(tab.events().map((event) => event.version)).toEqual([version]);
      expect(tab.events()[0]!.prices).toEqual([[`FI-${version}`, 0, 1000 + version, 0]]);
      expect(tab.stream.at).toBe(version);
    }
  });

  it('brings a stream that opens on an older version up to date by a delta of its own (Last-Event-ID)', async () => {
    const channel = liveChannel();
    const hub = hubOn(channel);
    const first = channel.change('FI');
    const second = channel.change('FI');
    const late = openStream('FI', first);
    await hub.open(late.stream);
    expect(late.events().map((event) => event.prices.map((row) => row[0]))).toEqual([[`FI-${second}`]]);
    expect(late.stream.at).toBe(second);
  });

  it('sends the version alone when another country changed, and the rows only to the country of the change', async () => {
    const channel = liveChannel();
    const hub = hubOn(channel);
    const finnish = openStream('FI', 1);
    const swedish = openStream('SE', 1);
    await hub.open(finnish.stream);
    await hub.open(swedish.stream);
    const version = channel.change('SE');
    hub.notice(version);
    await settle();
    expect(swedish.events()).toHaveLength(1);
    expect(finnish.events()).toHaveLength(0);
    expect(finnish.written).toContain(`id: ${version}\n\n`);
    expect(finnish.stream.at).toBe(version);
  });

  it('never sends a stream a delta that starts after what it holds, when a newer stream opened meanwhile', async () => {
    const channel = liveChannel();
    const hub = hubOn(channel);
    const old = openStream('FI', 1);
    await hub.open(old.stream);
    // A change the hub has not heard of yet, then a tab that already holds it.
    const missed = channel.change('FI');
    const newer = openStream('FI', missed);
    await hub.open(newer.stream);
    await settle();
    // The old tab got the change it missed, the newer one nothing twice.
    expect(old.events().flatMap((event) => event.prices.map((row) => row[0]))).toEqual([`FI-${missed}`]);
    expect(newer.events()).toHaveLength(0);
    expect(old.stream.at).toBe(missed);
  });

  it('never sends a refresh to a stream that opened behind the country while the refresh was queued', async () => {
    // CI on PostgreSQL: two imports' notices came one by one, and the second queued a
    // refresh while the first refresh was reading both changes; a tab opened on an older
    // version in between got the second refresh's empty answer as its version, and then had
    // nothing left to resume.
    const channel = liveChannel();
    /** Reads held until the test lets them answer. */
    const waiting: Array<() => void> = [];
    let holding = false;
    const hub = createLiveHub({
      log: quiet,
      fetchLive: async (country, held) => {
        const answer = await channel.fetchLive(country, held);
        if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
        return answer;
      },
    });
    hubs.push(hub);
    const open = openStream('FI', 1);
    await hub.open(open.stream);
    holding = true;
    const first = channel.change('FI');
    const second = channel.change('FI');
    hub.notice(first);
    await vi.waitFor(() => expect(waiting).toHaveLength(1)); // the refresh has read both changes
    hub.notice(second); // heard while it reads: a second refresh
    // Another country changes before the second refresh reads: its answer is no 304, but
    // the version alone (on PostgreSQL the origin's ETag names the version it read first, so
    // a body of a later version came back with an ETag that did not name it).
    const swedish = channel.change('SE');
    waiting.shift()!();
    await vi.waitFor(() => expect(waiting).toHaveLength(1)); // the second refresh is reading
    const late = openStream('FI', 1);
    const resumed = hub.open(late.stream);
    holding = false;
    waiting.shift()!();
    await resumed;
    await settle();
    expect(late.events().flatMap((event) => event.prices.map((row) => row[0]))).toEqual([
      `FI-${first}`,
      `FI-${second}`,
    ]);
    expect(late.stream.at).toBe(swedish);
    expect(open.events().flatMap((event) => event.prices.map((row) => row[0]))).toEqual([
      `FI-${first}`,
      `FI-${second}`,
    ]);
  });

  it('ends the streams with resync when the origin answers another history', async () => {
    const channel = liveChannel();
    const hub = hubOn(channel);
    const tab = openStream('FI', 1, 'history-1');
    await hub.open(tab.stream);
    channel.restore();
    hub.notice(channel.change('FI'));
    await settle();
    expect(tab.written.at(-1)).toBe(RESYNC_EVENT);
    expect(tab.ended()).toBe(true);
    // A tab of another history asked in full: told at once.
    const stale = openStream('FI', 1, 'history-1');
    await hub.open(stale.stream);
    expect(stale.ended()).toBe(true);
  });

  it('coalesces notices heard while a read is queued, and reads nothing once every stream closed', async () => {
    const channel = liveChannel();
    const hub = hubOn(channel);
    const tab = openStream('FI', 1);
    await hub.open(tab.stream);
    const reads = channel.reads.length;
    channel.change('FI');
    const last = channel.change('FI');
    hub.notice(last - 1);
    hub.notice(last);
    await settle();
    expect(channel.reads.length - reads).toBe(1);
    hub.close(tab.stream);
    expect(hub.size).toBe(0);
    hub.notice(channel.change('FI'));
    await settle();
    expect(channel.reads.length - reads).toBe(1);
  });

  it('forgets the version of a country nobody listens to, so the next stream is brought up to date', async () => {
    const channel = liveChannel();
    const hub = hubOn(channel);
    const first = openStream('FI', 1);
    await hub.open(first.stream);
    hub.close(first.stream);
    // A change while nobody listens: nothing read for it.
    const reads = channel.reads.length;
    hub.notice(channel.change('FI'));
    await settle();
    expect(channel.reads.length).toBe(reads);
    // A tab that still holds version 1 (it synced before the change) gets the change on open.
    const next = openStream('FI', 1);
    await hub.open(next.stream);
    expect(next.events().map((event) => event.version)).toEqual([2]);
  });

  it('polls while a stream is open when there is no Redis, conditionally (304 when nothing changed)', async () => {
    const channel = liveChannel();
    const hub = createLiveHub({ fetchLive: channel.fetchLive, log: quiet, pollMs: 10 });
    hubs.push(hub);
    const tab = openStream('FI', 1);
    await hub.open(tab.stream);
    const reads = channel.reads.length;
    // Two polls answered 304: nothing sent.
    await vi.waitFor(() => expect(channel.reads.length).toBeGreaterThanOrEqual(reads + 2));
    expect(tab.written.filter((text) => !text.startsWith(':'))).toEqual([]);
    const version = channel.change('FI');
    await vi.waitFor(() => expect(tab.events().map((event) => event.version)).toEqual([version]));
    hub.endAll();
    expect(tab.ended()).toBe(true);
  });
});
