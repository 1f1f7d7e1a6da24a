import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPersistentStorageForTests } from '@/ui/persistent-storage';
import { readFavourites, setStationsDb, StationsDatabase } from './station-db';
import { toggleFavourite } from './use-favourites';

let database = 0;
const persist = vi.fn(async () => true);

beforeEach(() => {
  setStationsDb(new StationsDatabase(`favourites-test-${++database}`));
  persist.mockClear();
  resetPersistentStorageForTests();
  vi.stubGlobal('navigator', { storage: { persist, persisted: async () => false } });
});

afterEach(() => vi.unstubAllGlobals());

describe('toggleFavourite', () => {
  it('asks the browser to keep the storage when a station is starred (issue 31, finding 7)', async () => {
    await toggleFavourite({ id: 'FI-1', country: 'FI' }, true);
    expect((await readFavourites()).map((favourite) => favourite.id)).toEqual(['FI-1']);
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
  });

  it('does not ask when a star is taken away', async () => {
    await toggleFavourite({ id: 'FI-1', country: 'FI' }, false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(persist).not.toHaveBeenCalled();
  });
});
