/**
 * Seed of the stations' live data (docs/stations.md): a fuel price history of the last
 * days for every grade a station sells (content/stations/fuel-prices.json) and the charge
 * points of stations with EV charging (content/stations/charge-points.json), with statuses
 * reported in the minutes before seeding. Deterministic for a given station list and
 * moment (a seeded PRNG); times are relative to the moment of seeding, so a fresh database
 * always shows prices set hours ago, not months.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { EvseStatus } from '#shared/charge-points';
import { FUEL_GRADES, PRICE_DECIMALS, type FuelGrade } from '#shared/fuel-prices';
import { COUNTRY_INFO } from '#shared/locales';
import { STATION_COUNTRIES, type StationCountry } from '#shared/station-constants';
import type { Transact } from '../../unit-of-work';
import { ocpiConnectorSchema, type StoredChargePoint } from '../charge-points-repository';
import { ocpiTariffSchema } from '#shared/api/station-import';
import type { StoredPrice } from '../fuel-prices-repository';
import type { StationRecord } from '../stations-record';
import { prng } from './stations-seed';

const pricesFileSchema = z.object({
  days: z.number().int().min(1).max(60),
  countries: z.record(
    z.enum(STATION_COUNTRIES),
    z.object({
      currency: z.enum(['EUR', 'SEK', 'NOK']),
      spread: z.number().min(0).max(0.5),
      dailyMove: z.number().min(0).max(0.5),
      prices: z.record(z.enum(FUEL_GRADES), z.number().positive()),
    }),
  ),
});

const chargersFileSchema = z.object({
  models: z
    .array(
      z.object({
        name: z.string(),
        weight: z.number().positive(),
        /** The tariff of its connectors in each country: ST1-<country>-<tariff>. */
        tariff: z.string().min(1),
        connectors: z.array(ocpiConnectorSchema.omit({ id: true, tariff_ids: true })).min(1),
      }),
    )
    .min(1),
});

const HOUR = 3_600_000;
/** Chain-wide price change instants per country and day. */
const PRICE_CHANGES_A_DAY = 3;
const DAY = 24 * HOUR;

export interface SeedLiveData {
  prices: StoredPrice[];
  chargePoints: StoredChargePoint[];
}

function roundPrice(value: number, currency: string): number {
  // Crowns are priced to the öre/øre (2 decimals), euros to a tenth of a cent (3).
  const decimals = currency === 'EUR' ? PRICE_DECIMALS : 2;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The live data of these stations as seeded at `now` (`days` overrides the file's history length). */
// eslint-disable-next-line max-lines-per-function -- generated test data in one pass, so that the random sequence (and so the seed data) stays as it is
export async function generateSeedLiveData(
  contentDir: string,
  stations: readonly StationRecord[],
  now: Date,
  options: { days?: number } = {},
): Promise<SeedLiveData> {
  const readJson = async (name: string): Promise<unknown> =>
    JSON.parse(await readFile(join(contentDir, 'stations', name), 'utf8'));
  const pricesFile = pricesFileSchema.parse(await readJson('fuel-prices.json'));
  const chargersFile = chargersFileSchema.parse(await readJson('charge-points.json'));
  const days = options.days ?? pricesFile.days;
  const random = prng(20261125);
  const prices: StoredPrice[] = [];
  const chargePoints: StoredChargePoint[] = [];
  const totalWeight = chargersFile.models.reduce((sum, model) => sum + model.weight, 0);
  const pickModel = () => {
    let roll = random() * totalWeight;
    for (const model of chargersFile.models) {
      roll -= model.weight;
      if (roll < 0) return model;
    }
    return chargersFile.models[0]!;
  };

  // Prices are set centrally, a few times a day for the whole chain, not at a moment of each
  // station's own: per country and day, three instants 1 to 20 hours before that day's
  // "now", and each station's daily change takes one of them.
  const changeInstants = new Map<string, string[]>();
  for (const code of STATION_COUNTRIES) {
    for (let day = 0; day < days; day++) {
      const instants = Array.from({ length: PRICE_CHANGES_A_DAY }, () => {
        const setAt = new Date(now.getTime() - day * DAY - (1 + random() * 19) * HOUR);
        setAt.setUTCSeconds(0, 0);
        return setAt.toISOString();
      });
      changeInstants.set(`${code}|${day}`, instants);
    }
  }

  for (const station of stations) {
    const country = pricesFile.countries[station.country as StationCountry];
    if (country) {
      const stationFactor = 1 + (random() * 2 - 1) * country.spread;
      for (const grade of FUEL_GRADES) {
        const base = country.prices[grade];
        if (base === undefined || !station.services.includes(grade)) continue;
        let price = base * stationFactor;
        for (let day = days - 1; day >= 0; day--) {
          price *= 1 + (random() * 2 - 1) * country.dailyMove;
          // One change a day, at one of the chain's change instants of that day.
          const instants = changeInstants.get(`${station.country}|${day}`)!;
          prices.push({
            stationId: station.id,
            grade: grade as FuelGrade,
            setAt: instants[Math.floor(random() * instants.length)]!,
            priceMilli: Math.round(roundPrice(price, country.currency) * 1000),
            currency: COUNTRY_INFO[station.country].currency,
          });
        }
      }
    }
    const charging = station.services.filter(
      (code) => code === 'evCharging' || code === 'elbilsladdning150' || code === 'elbilsladdning400',
    );
    if (charging.length > 0) {
      const count = 2 + Math.floor(random() * 5);
      const preferred = station.services.includes('elbilsladdning400')
        ? 'hpc400'
        : station.services.includes('elbilsladdning150')
          ? 'hpc150'
          : undefined;
      const digits = station.id.slice(3);
      for (let index = 1; index <= count; index++) {
        const model =
          index === 1 && preferred ? chargersFile.models.find((item) => item.name === preferred)! : pickModel();
        const roll = random();
        const status: EvseStatus =
          roll < 0.6 ? 'AVAILABLE' : roll < 0.88 ? 'CHARGING' : roll < 0.95 ? 'OUTOFORDER' : 'UNKNOWN';
        const statusAt = new Date(now.getTime() - Math.floor(random() * 10 * 60_000));
        statusAt.setUTCMilliseconds(0);
        chargePoints.push({
          stationId: station.id,
          uid: `${station.id}-${index}`,
          evseId: `${station.country}*ST1*E${digits}*${index}`,
          connectors: model.connectors.map((connector, position) => ({
            id: String(position + 1),
            ...connector,
            tariff_ids: [`ST1-${station.country}-${model.tariff}`],
          })),
          status,
          statusAt: statusAt.toISOString(),
        });
      }
    }
  }
  return { prices, chargePoints };
}

/**
 * Seeds prices and charge points when both tables are empty (a database seeded before
 * migrations 009 and 010 gets them too), in one transaction. Station versions stay: the
 * data arrives with the stations' first list.
 */
export async function seedLiveDataIfEmpty(
  transaction: Transact,
  contentDir: string,
  options: { now?: Date; days?: number } = {},
): Promise<{ seeded: boolean; prices: number; chargePoints: number }> {
  const stations = await transaction(async (tx) => {
    const stored = tx.stations;
    if ((await stored.fuelPrices.hasHistory()) || (await stored.chargePoints.count()) > 0) return undefined;
    return stored.stations.allLive();
  });
  if (!stations) return { seeded: false, prices: 0, chargePoints: 0 };
  const now = options.now ?? new Date();
  const data = await generateSeedLiveData(contentDir, stations, now, options);
  await transaction(async (tx) => {
    const prices = tx.stations.fuelPrices;
    await prices.insertHistory(data.prices, now.toISOString());
    // The current price of each grade: the newest of its history.
    const newest = new Map<string, StoredPrice>();
    for (const price of data.prices) {
      const key = `${price.stationId}|${price.grade}`;
      const best = newest.get(key);
      if (!best || price.setAt > best.setAt) newest.set(key, price);
    }
    await prices.insertCurrent([...newest.values()]);
    await tx.stations.chargePoints.insertMany(data.chargePoints, now.toISOString());
  });
  return { seeded: true, prices: data.prices.length, chargePoints: data.chargePoints.length };
}

const tariffsFileSchema = z.object({
  tariffs: z.array(ocpiTariffSchema.omit({ last_updated: true })).min(1),
});

/**
 * Seeds the charging tariffs of content/stations/charge-tariffs.json when none is stored
 * (a database seeded before migration 019 gets them too; its charge points, seeded without
 * `tariff_ids`, show no prices until the database is seeded again).
 */
export async function seedTariffsIfEmpty(transaction: Transact, contentDir: string, now = new Date()): Promise<number> {
  if (await transaction((tx) => tx.stations.chargeTariffs.any())) return 0;
  const file = tariffsFileSchema.parse(
    JSON.parse(await readFile(join(contentDir, 'stations', 'charge-tariffs.json'), 'utf8')),
  );
  const at = now.toISOString();
  await transaction(async (tx) => {
    const tariffs = tx.stations.chargeTariffs;
    for (const tariff of file.tariffs) await tariffs.put({ ...tariff, last_updated: at }, at, at);
  });
  return file.tariffs.length;
}
