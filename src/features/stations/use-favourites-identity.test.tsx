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
  it('keeps one value when nothing is starred, so the locator list is not drawn again for it', async () => {
    const seen: FavouriteStations[] = [];
    const { rerender } = render(<Probe seen={seen} />);
    // The live query has answered once storage has been read and the hook drawn again.
    await waitFor(() => expect(seen.length).toBeGreaterThan(1));
    rerender(<Probe seen={seen} />);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]!.ids.size).toBe(0);
  });

  it('gives the starred stations once one is starred', async () => {
    await setFavourite({ id: 'FI-1', country: 'FI' }, true);
    const seen: FavouriteStations[] = [];
    render(<Probe seen={seen} />);
    await waitFor(() => expect(seen.at(-1)!.ids.has('FI-1')).toBe(true));
  });
});
