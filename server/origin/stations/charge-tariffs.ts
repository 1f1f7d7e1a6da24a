/**
 * Charging tariffs (docs/stations.md "Charging prices"): OCPI 2.2.1 Tariff objects
 * (https://github.com/ocpi/ocpi/blob/2.2.1/mod_tariffs.asciidoc) as a charge point operator
 * pushes them, stored as pushed, and read as the prices a driver pays (`ChargeTariff`).
 */
import { ocpiTariffSchema, type OcpiTariff } from '#shared/api/station-import';
import type { ChargeTariff } from '#shared/charge-points';
import type { StationsDb } from './station-tables';

// The Tariff object as the import API takes it is the contract's (src/shared/api/station-import.ts).

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * What a driver pays under an OCPI tariff, VAT included: the first element without
 * restrictions (the tariff's base price; time-of-day and other restricted elements are
 * not shown), else the first element; per price type its first component.
 */
export function toChargeTariff(tariff: Pick<OcpiTariff, 'elements'>): ChargeTariff {
  const element = tariff.elements.find((item) => !item.restrictions) ?? tariff.elements[0]!;
  const gross = (type: (typeof element.price_components)[number]['type']) => {
    const component = element.price_components.find((item) => item.type === type);
    return component ? component.price * (1 + (component.vat ?? 0) / 100) : undefined;
  };
  const energy = gross('ENERGY');
  const time = gross('TIME');
  const flat = gross('FLAT');
  const parking = gross('PARKING_TIME');
  return {
    ...(energy !== undefined ? { kwh: round(energy) } : {}),
    ...(time !== undefined ? { minute: round(time / 60) } : {}),
    ...(flat !== undefined ? { session: round(flat) } : {}),
    ...(parking !== undefined ? { parkingMinute: round(parking / 60) } : {}),
  };
}

/** Plausible prices, VAT included, per currency: beyond them a feed sent cents, öre or nonsense. */
const LIMITS = {
  EUR: { kwh: 3, hour: 60, flat: 20 },
  SEK: { kwh: 30, hour: 600, flat: 200 },
  NOK: { kwh: 30, hour: 600, flat: 200 },
} as const;

/** Why a tariff's prices are implausible, or undefined. */
export function implausibleTariff(tariff: OcpiTariff): string | undefined {
  const limits = LIMITS[tariff.currency];
  const shown = toChargeTariff(tariff);
  if ((shown.kwh ?? 0) > limits.kwh) return `${shown.kwh} ${tariff.currency}/kWh is above ${limits.kwh}`;
  if ((shown.minute ?? 0) * 60 > limits.hour)
    return `${round((shown.minute ?? 0) * 60)} ${tariff.currency}/h is above ${limits.hour}`;
  if ((shown.session ?? 0) > limits.flat)
    return `a session fee of ${shown.session} ${tariff.currency} is above ${limits.flat}`;
  return undefined;
}

export function createChargeTariffsRepository(db: StationsDb) {
  return {
    /** Every stored tariff as drivers read it, by id (a handful per operator). */
    /** Whether any tariff is stored (the seed fills an empty table only). */
    async any(): Promise<boolean> {
      return (await db.selectFrom('charge_tariffs').select('id').limit(1).executeTakeFirst()) !== undefined;
    },
    async all(): Promise<Map<string, ChargeTariff>> {
      const rows = await db.selectFrom('charge_tariffs').select(['id', 'tariff_json']).execute();
      const found = new Map<string, ChargeTariff>();
      for (const row of rows) {
        const parsed = ocpiTariffSchema.safeParse(JSON.parse(row.tariff_json));
        if (parsed.success) found.set(row.id, toChargeTariff(parsed.data));
      }
      return found;
    },

    /** The `last_updated` of these tariffs, by id. */
    async lastUpdated(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('charge_tariffs')
        .select(['id', 'last_updated'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.last_updated]));
    },

    /** Stores a tariff (a newer one replaces the stored one) at a live version (the seed's: 0). */
    async put(tariff: OcpiTariff, lastUpdated: string, now: string, liveVersion = 0): Promise<void> {
      const row = {
        live_version: liveVersion,
        id: tariff.id,
        country: tariff.country_code,
        currency: tariff.currency,
        tariff_json: JSON.stringify(tariff),
        last_updated: lastUpdated,
        updated_at: now,
      };
      const { id: _id, ...values } = row;
      await db
        .insertInto('charge_tariffs')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
    },
  };
}
