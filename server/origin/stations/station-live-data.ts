/**
 * The live data of stations beside their records: current fuel prices and charge points
 * with their statuses and tariffs, read for the stations a list, a delta or a page serves.
 */
import type { ChargePoint } from '#shared/charge-points';
import type { FuelPrice } from '#shared/fuel-prices';
import type { StationCountry } from '#shared/stations';
import type { StationsRepositories } from './stations-repositories';

export interface LiveData {
  prices: ReadonlyMap<string, FuelPrice[]>;
  chargePoints: ReadonlyMap<string, ChargePoint[]>;
}

export const NO_LIVE_DATA: LiveData = { prices: new Map(), chargePoints: new Map() };

export function createStationLiveData(repositories: StationsRepositories) {
  const { fuelPrices: prices, chargePoints, chargeTariffs: tariffs } = repositories;
  return {
    /** Of these stations. */
    async forStations(ids: readonly string[]): Promise<LiveData> {
      const [priceMap, pointMap] = await Promise.all([
        prices.currentFor(ids),
        tariffs.all().then((known) => chargePoints.currentFor(ids, known)),
      ]);
      return { prices: priceMap, chargePoints: pointMap };
    },
    /** Of a country's stations changed after `since` (the list's delta; all at 0). */
    async forChanges(country: StationCountry, since: number): Promise<LiveData> {
      const [priceMap, pointMap] = await Promise.all([
        prices.currentForChanges(country, since),
        tariffs.all().then((known) => chargePoints.currentForChanges(country, since, known)),
      ]);
      return { prices: priceMap, chargePoints: pointMap };
    },
    /** Of a country's stations changed after `since`: their charge points alone (the facts channel's). */
    async chargePointsForChanges(country: StationCountry, since: number): Promise<LiveData> {
      const known = await tariffs.all();
      return { prices: new Map(), chargePoints: await chargePoints.currentForChanges(country, since, known) };
    },
  };
}

export type StationLiveData = ReturnType<typeof createStationLiveData>;
