/**
 * station-import/v1 (docs/stations.md "Import API"): what station systems and the charge
 * point operator's feed push to the origin, each with its bearer token. Not proxied by
 * the site server. A batch is all or nothing: a refused row refuses the batch (422 with
 * the code of its first refused row and `rows`, the refused rows' index, code and message).
 */
import { z } from '../zod';
import { EVSE_STATUSES } from '../charge-points';
import { FUEL_GRADES } from '../fuel-prices';
import type { ErrorCode } from '../rules/error-codes';
import { endpoint } from './endpoint';
import { STATION_IMPORT_API_PATHS } from './paths';

/** Rows per batch (a country's stations × grades fits; the origin's body limit follows it). */
export const MAX_IMPORT_ROWS = 20_000;
/** Tariffs per batch: an operator has a handful per country and charger kind. */
const MAX_TARIFFS = 500;

const stationId = z.string().regex(/^[A-Z]{2}-\d{4,}$/, 'expected a station id such as FI-0001');
const instant = z.iso.datetime({ offset: true });
const currency = z.enum(['EUR', 'SEK', 'NOK']);

const priceBatch = z
  .object({
    prices: z
      .array(
        z
          .object({ station: stationId, grade: z.enum(FUEL_GRADES), price: z.number(), currency, setAt: instant })
          .strict(),
      )
      .min(1)
      .max(MAX_IMPORT_ROWS),
  })
  .strict();

const statusBatch = z
  .object({
    statuses: z
      .array(
        z
          .object({
            station: stationId,
            evseUid: z.string().min(1).max(36),
            status: z.enum(EVSE_STATUSES),
            lastUpdated: instant,
          })
          .strict(),
      )
      .min(1)
      .max(MAX_IMPORT_ROWS),
  })
  .strict();

/** An OCPI 2.2.1 PriceComponent (§4.4.5): `price` excludes VAT; TIME and PARKING_TIME are per hour. */
const priceComponentSchema = z.object({
  type: z.enum(['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME']),
  price: z.number().nonnegative(),
  vat: z.number().min(0).max(100).optional(),
  step_size: z.number().int().nonnegative(),
});

/** An OCPI 2.2.1 Tariff object (§4.3.1), the fields this product reads; other OCPI fields are ignored. */
export const ocpiTariffSchema = z.object({
  country_code: z.enum(['FI', 'SE', 'NO']),
  party_id: z.string().regex(/^[A-Z0-9]{3}$/, 'expected an OCPI party id of three characters'),
  id: z.string().min(1).max(36),
  currency,
  type: z.enum(['AD_HOC_PAYMENT', 'PROFILE_CHEAP', 'PROFILE_FAST', 'PROFILE_GREEN', 'REGULAR']).optional(),
  elements: z
    .array(
      z.object({
        price_components: z.array(priceComponentSchema).min(1),
        restrictions: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .min(1),
  last_updated: z.iso.datetime({ offset: true }),
});
export type OcpiTariff = z.infer<typeof ocpiTariffSchema>;

const tariffBatch = z.object({ tariffs: z.array(ocpiTariffSchema).min(1).max(MAX_TARIFFS) }).strict();

/**
 * What every import answers: the rows received, the stations whose live data changed, and
 * the live version the change took (the live-data channel's cursor; null: nothing changed).
 */
const importResult = {
  received: z.number().int(),
  stationsChanged: z.number().int(),
  version: z.number().int().nullable(),
};

/** The refusals of every import: no token configured (503), a wrong token (401), a refused row (422). */
const importErrors = ['IMPORT_NOT_CONFIGURED', 'UNAUTHORIZED', 'BAD_REQUEST'] as const satisfies readonly ErrorCode[];

export const stationImportApi = {
  fuelPrices: endpoint({
    method: 'POST',
    path: STATION_IMPORT_API_PATHS.fuelPrices,
    request: { body: priceBatch },
    response: z.object({
      ...importResult,
      /** New history rows. */
      stored: z.number().int(),
      /** Rows already stored with the same price (a batch pushed again). */
      unchanged: z.number().int(),
    }),
    errors: [
      ...importErrors,
      'UNKNOWN_STATION',
      'WRONG_CURRENCY',
      'GRADE_NOT_SOLD',
      'IMPLAUSIBLE_PRICE',
      'CONFLICTING_PRICE',
      'FUTURE_TIME',
    ],
  }),
  chargerStatuses: endpoint({
    method: 'POST',
    path: STATION_IMPORT_API_PATHS.chargerStatuses,
    request: { body: statusBatch },
    response: z.object({
      ...importResult,
      applied: z.number().int(),
      /** Rows not newer than the status stored (out of order or repeated): left alone. */
      ignored: z.number().int(),
    }),
    errors: [...importErrors, 'UNKNOWN_EVSE', 'FUTURE_TIME'],
  }),
  /** OCPI 2.2.1 Tariffs, with the statuses' token (docs/stations.md "Charging prices"). */
  tariffs: endpoint({
    method: 'POST',
    path: STATION_IMPORT_API_PATHS.tariffs,
    request: { body: tariffBatch },
    response: z.object({
      ...importResult,
      applied: z.number().int(),
      /** Tariffs not newer than the stored one (by `last_updated`): left alone. */
      ignored: z.number().int(),
    }),
    errors: [...importErrors, 'WRONG_CURRENCY', 'IMPLAUSIBLE_PRICE', 'CONFLICTING_PRICE', 'FUTURE_TIME'],
  }),
};
