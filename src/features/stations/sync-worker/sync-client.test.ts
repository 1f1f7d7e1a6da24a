import { describe, expect, it, vi } from 'vitest';
import type { StationSummary } from '#shared/stations';
import type { SyncReply, SyncRequest } from './protocol';
import { StationSyncClient, type SyncWorker } from './sync-client';

const mainThreadSync = vi.hoisted(() => vi.fn(async () => 'replaced' as const));
vi.mock('../station-sync', () => ({ syncStations: mainThreadSync }));

/** A worker that records what it is sent and replies when told to. */
function fakeWorker() {
  const sent: SyncRequest[] = [];
  const listeners: { message: Array<(event: MessageEvent<SyncReply>) => void>; error: Array<(event: Event) => void> } =
    { message: [], error: [] };
  const worker: SyncWorker = {
    postMessage: (message) => sent.push(message),
    addEventListener: ((type: 'message' | 'error', listener: never) => listeners[type].push(listener)) as never,
  };
  return {
    worker,
    sent,
    reply: (data: SyncReply) => listeners.message.forEach((listener) => listener({ data } as MessageEvent<SyncReply>)),
    fail: () => listeners.error.forEach((listener) => listener(new Event('error'))),
  };
}

const station = (id: string) => ({ id }) as unknown as StationSummary;

describe('StationSyncClient', () => {
  it('runs a country sync in the worker and hands over a full list that came in parts', async () => {
    const fake = fakeWorker();
    const client = new StationSyncClient(() => fake.worker);
    const onFullList = vi.fn();
    const outcome = client.syncCountry('FI', 'fi-FI', { onFullList });
    const [request] = fake.sent;
    expect(request).toEqual({ id: 1, type: 'country', country: 'FI', locale: 'fi-FI', wantsList: true });
    fake.reply({ id: 1, type: 'list-part', stations: [station('a'), station('b')] });
    fake.reply({ id: 1, type: 'list-part', stations: [station('c')] });
    expect(onFullList).not.toHaveBeenCalled();
    fake.reply({
      id: 1,
      type: 'list-end',
      list: { country: 'FI', version: 7, full: true, removed: [] },
      liveVersion: 3,
    });
    expect(onFullList).toHaveBeenCalledWith(
      {
        country: 'FI',
        version: 7,
        full: true,
        removed: [],
        stations: [station('a'), station('b'), station('c')],
      },
      3,
    );
    fake.reply({ id: 1, type: 'done', outcome: 'replaced' });
    await expect(outcome).resolves.toBe('replaced');
    expect(mainThreadSync).not.toHaveBeenCalled();
  });

  it("keeps calls apart by id and rejects with the worker's message on failure", async () => {
    const fake = fakeWorker();
    const client = new StationSyncClient(() => fake.worker);
    const first = client.syncCountry('FI', 'fi-FI');
    const second = client.syncLists('en-EU');
    expect(fake.sent.map(({ id, type }) => [id, type])).toEqual([
      [1, 'country'],
      [2, 'lists'],
    ]);
    fake.reply({ id: 2, type: 'done', outcome: [['FI', 'fresh']] });
    fake.reply({ id: 1, type: 'failed', message: 'Station facts answered 503' });
    await expect(second).resolves.toEqual([['FI', 'fresh']]);
    await expect(first).rejects.toThrow('Station facts answered 503');
  });

  it('runs on the main thread where there is no worker, and once the worker broke', async () => {
    mainThreadSync.mockClear();
    await expect(new StationSyncClient(() => null).syncCountry('SE', 'sv-SE')).resolves.toBe('replaced');
    expect(mainThreadSync).toHaveBeenCalledTimes(1);

    const fake = fakeWorker();
    const client = new StationSyncClient(() => fake.worker);
    const inFlight = client.syncCountry('NO', 'no-NO');
    fake.fail();
    await expect(inFlight).resolves.toBe('replaced');
    await expect(client.syncCountry('FI', 'fi-FI')).resolves.toBe('replaced');
    expect(fake.sent).toHaveLength(1);
    expect(mainThreadSync).toHaveBeenCalledTimes(3);
  });
});
