/**
 * Stations (spec §3): the shapes the origin serves and the browser stores. Zod schemas
 * for the servers; the browser imports only the types (the bundle does not carry zod), and
 * the values it needs from ./station-constants.ts.
 *
 * Two forms of one station:
 * - the compact list entry (`StationSummary`), what the locator needs for a whole country
 *   (search, filters, distance, open now), kept small because it is stored offline;
 * - the station page's `StationDetails`, with opening hours in the CMS shapes A or B of
 *   spec §3 exactly as the CMS gives them (malformed records included: the page shows '-').
 */
import { CONNECTOR_STANDARDS, EVSE_STATUSES } from './charge-points';
import { FUEL_GRADES } from './fuel-prices';
import { SERVICE_CODES, STATION_COUNTRIES } from './station-constants';

export type { StationCountry } from './station-constants';
import { z } from './zod';

/** Service codes; Norway and Sweden add their own. */
export type ServiceCode = (typeof SERVICE_CODES)[number];

/**
 * Compact opening hours of the list: one string per weekday Monday..Sunday and dated
 * exceptions (holidays). A day is "" (closed) or ranges "HH:mm-HH:mm" joined by ",";
 * "00:00-24:00" is open all day and an end before the start runs past midnight.
 */
const rangesText = z
  .string()
  .regex(
    /^(?:(?:[01]\d|2[0-4]):[0-5]\d-(?:[01]\d|2[0-4]):[0-5]\d)(?:,(?:[01]\d|2[0-4]):[0-5]\d-(?:[01]\d|2[0-4]):[0-5]\d)*$|^$/,
  );
export const weeklyHoursSchema = z.object({
  week: z.array(rangesText).length(7),
  exceptions: z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), rangesText).default({}),
});
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** A grade's current price in the station's currency and when it was set (src/shared/fuel-prices.ts). */
const fuelPriceSchema = z.object({
  grade: z.enum(FUEL_GRADES),
  price: z.number().positive(),
  setAt: z.iso.datetime({ offset: true }),
});

/** An EVSE with its connectors and last known status, after OCPI 2.2.1 (src/shared/charge-points.ts). */
const chargePointSchema = z.object({
  uid: z.string().min(1).max(36),
  evseId: z.string().min(1).max(48).optional(),
  status: z.enum(EVSE_STATUSES),
  statusAt: z.iso.datetime({ offset: true }),
  connectors: z.array(z.object({ standard: z.enum(CONNECTOR_STANDARDS), kw: z.number().positive() })).min(1),
  tariff: z
    .object({
      kwh: z.number().nonnegative().optional(),
      minute: z.number().nonnegative().optional(),
      session: z.number().nonnegative().optional(),
      parkingMinute: z.number().nonnegative().optional(),
    })
    .optional(),
  tariffId: z.string().min(1).max(36).optional(),
});

/**
 * Where a station is, and what it offers: fields the origin's stored record
 * (server/origin/stations/stations-record.ts) and the list and page shapes share. Two
 * groups, because the record keeps its phone and e-mail between them and a parsed
 * record's key order is part of the JSON the origin compares on a content sync.
 */
export const stationAddressFields = {
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.enum(STATION_COUNTRIES),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
};
export const stationServiceFields = {
  services: z.array(z.enum(SERVICE_CODES)),
  express: z.boolean(),
};

export const stationSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  ...stationAddressFields,
  ...stationServiceFields,
  hours: weeklyHoursSchema.nullable(),
  /**
   * What a station page drawn offline from the stored list shows besides (docs/pwa.md):
   * the phone, and the kitchen and lunch hours of stations that serve food. Optional: a
   * list stored by an older app lacks them until its next full sync.
   */
  phone: z.string().optional(),
  kitchenHours: weeklyHoursSchema.optional(),
  lunchHours: weeklyHoursSchema.optional(),
  prices: z.array(fuelPriceSchema).optional(),
  chargePoints: z.array(chargePointSchema).optional(),
});
export type StationSummary = z.infer<typeof stationSummarySchema>;
/** A list entry as sent: the hours' `exceptions` may be absent (the schema makes them {}). */
export type StationSummaryInput = z.input<typeof stationSummarySchema>;

/**
 * GET cms-view/v1/stations answer. `full` replaces what the browser has; otherwise
 * `stations` are the changed ones and `removed` the ids gone since the asked version.
 * `dataset` names the database history the version belongs to (sent back as `dataset=`).
 */
export const stationListSchema = z.object({
  country: z.enum(STATION_COUNTRIES),
  version: z.number().int().nonnegative(),
  /** Absent only from an origin older than the dataset id (migration 008). */
  dataset: z.string().min(1).max(64).optional(),
  full: z.boolean(),
  stations: z.array(stationSummarySchema),
  removed: z.array(z.string()),
});
export type StationList = z.infer<typeof stationListSchema>;

/** Shape A: daily entries with openHours in HH:mm:ss. */
export interface OpeningHoursShapeA {
  date: string;
  openHours: Array<{ startTime: string; endTime: string }>;
}
/** Shape B. */
export interface OpeningHoursShapeB {
  store24h: boolean;
  storeOpeningHours: Array<{ date: string; hours: Array<{ opens: string; closes: string }> }>;
}

const priced = z.object({ name: z.string(), price: z.number().nonnegative(), description: z.string().optional() });

export const lunchListSchema = z.object({
  title: z.string(),
  days: z.array(
    z.object({ date: z.string(), dishes: z.array(priced.extend({ diets: z.array(z.string()).default([]) })) }),
  ),
});
export type LunchList = z.infer<typeof lunchListSchema>;

export const foodMenuSchema = z.object({
  title: z.string(),
  sections: z.array(z.object({ title: z.string(), items: z.array(priced) })),
});
export type FoodMenu = z.infer<typeof foodMenuSchema>;

/**
 * The station of a station page. Opening hours stay `unknown`: the CMS may send shape A,
 * shape B or something malformed, and the page's rules (spec §5) decide what to show.
 * (`extend` replaces the list entry's optional phone and weekly food hours.)
 */
export const stationDetailsSchema = stationSummarySchema.omit({ hours: true }).extend({
  timeZone: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The currency of prices at the station (its country's, COUNTRY_INFO). */
  currency: z.enum(['EUR', 'SEK', 'NOK']),
  openingHours: z.unknown(),
  kitchenHours: z.unknown().optional(),
  lunchHours: z.unknown().optional(),
  breakfastHours: z.unknown().optional(),
  /** Station page feature flags (spec §2): lunchList and foodMenu default false, carwash true. */
  features: z
    .object({
      lunchList: z.boolean().default(false),
      foodMenu: z.boolean().default(false),
      carwash: z.boolean().default(true),
    })
    .default({ lunchList: false, foodMenu: false, carwash: true }),
  /**
   * Today's lunch (the "lunch" block of spec §4): title, text and price as the CMS sends
   * them, and `dishes`, each with its own price, which the page lists when present (the
   * single price belonged to the first dish alone; a payload stored before has none).
   */
  lunch: z
    .object({
      title: z.string(),
      text: z.string(),
      price: z.number().nonnegative(),
      dishes: z.array(priced.extend({ diets: z.array(z.string()).default([]) })).optional(),
    })
    .optional(),
  carwash: z.object({ programmes: z.array(priced) }).optional(),
});
export type StationDetails = z.infer<typeof stationDetailsSchema>;
