/**
 * The live-data channel's reads and its version (docs/stations.md "Two channels"): current
 * prices, charger statuses and tariffs of a country, all of them or those changed after a
 * live version. The live version is a counter of its own beside the station version
 * (migration 020), so a price or a status never gives a station record a new version.
 */
import { sql } from 'kysely';
import { ocpiTariffSchema } from '#shared/api/station-import';
import { EVSE_STATUSES, type EvseStatus } from '#shared/charge-points';
import { isFuelGrade } from '#shared/fuel-prices';
import type { StationCountry } from '#shared/stations';
import type { LiveList } from '#shared/station-wire';
import { toChargeTariff } from './charge-tariffs';
import type { StationsDb } from './station-tables';

type LiveChanges = Pick<LiveList, 'version' | 'prices' | 'statuses' | 'tariffs'>;

const isStatus = (value: string): value is EvseStatus => (EVSE_STATUSES as readonly string[]).includes(value);

export function createStationLiveRepository(db: StationsDb) {
  /** The last live version taken (0: none yet). */
  async function version(): Promise<number> {
    const row = await db.selectFrom('station_dataset').select('live_version').executeTakeFirstOrThrow();
    return Number(row.live_version);
  }

  return {
    version,

    /**
     * The next live version, taken inside the caller's writing transaction (an import): on
     * PostgreSQL the counter row stays locked until commit, so writers commit in the order
     * of their numbers and a delta read between two commits never skips one (the same rule
     * as the station version, stations-repository.ts `nextStationVersion`).
     */
    async next(): Promise<number> {
      const row = await db
        .updateTable('station_dataset')
        .set((eb) => ({ live_version: eb('live_version', '+', 1) }))
        .returning('live_version')
        .executeTakeFirstOrThrow();
      return Number(row.live_version);
    },

    /**
     * The live data of a country's live stations changed after `since` (all of it at 0).
     * The version is read first: a change committed between the reads comes (again) in
     * the next delta, never not at all.
     */
    async changesSince(country: StationCountry, since: number): Promise<LiveChanges> {
      const current = Math.max(since, await version());
      const [priceRows, statusRows, tariffRows] = await Promise.all([
        db
          .selectFrom('fuel_prices')
          .innerJoin('stations', 'stations.id', 'fuel_prices.station_id')
          .select(['fuel_prices.station_id', 'fuel_prices.grade', 'fuel_prices.price_milli', 'fuel_prices.set_at'])
          .where('stations.country', '=', country)
          .where('stations.deleted', '=', 0)
          .where('fuel_prices.live_version', '>', since === 0 ? -1 : since)
          .orderBy('fuel_prices.station_id')
          .orderBy('fuel_prices.grade')
          .execute(),
        db
          .selectFrom('charge_points')
          .innerJoin('stations', 'stations.id', 'charge_points.station_id')
          .select(['charge_points.station_id', 'charge_points.uid', 'charge_points.status', 'charge_points.status_at'])
          .where('stations.country', '=', country)
          .where('stations.deleted', '=', 0)
          .where('charge_points.live_version', '>', since === 0 ? -1 : since)
          .orderBy('charge_points.station_id')
          .orderBy(sql`length(charge_points.uid)`)
          .orderBy('charge_points.uid')
          .execute(),
        db
          .selectFrom('charge_tariffs')
          .select(['id', 'tariff_json'])
          .where('country', '=', country)
          .where('live_version', '>', since === 0 ? -1 : since)
          .orderBy('id')
          .execute(),
      ]);
      return {
        version: current,
        prices: priceRows
          .filter((row) => isFuelGrade(row.grade))
          .map((row) => ({
            station: row.station_id,
            grade: row.grade as LiveList['prices'][number]['grade'],
            price: Number(row.price_milli) / 1000,
            setAt: row.set_at,
          })),
        statuses: statusRows.map((row) => ({
          station: row.station_id,
          uid: row.uid,
          status: isStatus(row.status) ? row.status : 'UNKNOWN',
          statusAt: row.status_at,
        })),
        tariffs: tariffRows.flatMap((row) => {
          const parsed = ocpiTariffSchema.safeParse(JSON.parse(row.tariff_json));
          return parsed.success ? [{ id: row.id, tariff: toChargeTariff(parsed.data) }] : [];
        }),
      };
    },
  };
}
