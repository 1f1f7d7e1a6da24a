/**
 * The stations domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { StationsDb } from './station-tables';
import { createStationsRepository } from './stations-repository';
import { createFuelPricesRepository } from './fuel-prices-repository';
import { createChargePointsRepository } from './charge-points-repository';
import { createChargeTariffsRepository } from './charge-tariffs';
import { createStationLiveRepository } from './station-live-repository';

export function createStationsRepositories(db: StationsDb) {
  return {
    stations: createStationsRepository(db),
    fuelPrices: createFuelPricesRepository(db),
    chargePoints: createChargePointsRepository(db),
    chargeTariffs: createChargeTariffsRepository(db),
    live: createStationLiveRepository(db),
  };
}

export type StationsRepositories = ReturnType<typeof createStationsRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    stations: StationsRepositories;
  }
}
