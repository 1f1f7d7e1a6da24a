// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setFavourite, setStationsDb, StationsDatabase } from './station-db';
import { useFavourites, type FavouriteStations } from './use-favourites';

let database = 0;
beforeEach(() => setStationsDb(new StationsDatabase(`favourites-identity-test-${++database}`)));
afterEach(cleanup);

/** Records every value the hook gives, render by render. */
function Probe({ seen }: { seen: FavouriteStations[] }) {
  const favourites = useFavourites();
  useLayoutEffect(() => {
    seen.push(favourites);
  });
  return null;
}

describe('useFavourites', () => {
  it('keeps one list of ids when nothing is starred, so the locator rows are not drawn again for it', async () => {
    const seen: FavouriteStations[] = [];
    const { rerender } = render(<Probe seen={seen} />);
    // The live query has answered once storage has been read and the hook drawn again.
    await waitFor(() => expect(seen.length).toBeGreaterThan(1));
    rerender(<Probe seen={seen} />);
    expect(new Set(seen.map((favourites) => favourites.ids)).size).toBe(1);
    expect(seen[0]!.ids.size).toBe(0);
    // One value before the answer and one after it, each kept across renders.
    expect(new Set(seen).size).toBe(2);
  });

  it('tells "not read yet" from "none starred", so "My stations" does not say "none" too early', async () => {
    const seen: FavouriteStations[] = [];
    render(<Probe seen={seen} />);
    expect(seen[0]!.read).toBe(false);
    await waitFor(() => expect(seen.at(-1)!.read).toBe(true));
    expect(seen.at(-1)!.stations).toEqual([]);
  });

  it('gives the starred stations once one is starred', async () => {
    await setFavourite({ id: 'FI-1', country: 'FI' }, true);
    const seen: FavouriteStations[] = [];
    render(<Probe seen={seen} />);
    await waitFor(() => expect(seen.at(-1)!.ids.has('FI-1')).toBe(true));
    expect(seen.at(-1)!.read).toBe(true);
  });
});
