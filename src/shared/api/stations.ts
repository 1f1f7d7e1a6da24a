/**
 * The station channels (docs/stations.md): the station facts and the live data of a
 * country, each with its own version, as a full list or the changes since a version; and
 * the keyed list of before both, kept for apps installed before them.
 */
import { z } from '../zod';
import { STATION_COUNTRIES } from '../station-constants';
import { stationListSchema, weeklyHoursSchema } from '../stations';
import { endpoint } from './endpoint';
import { STATIONS_API_PATHS } from './paths';

/** The query every channel takes: the country, the version held and its history. */
const channelQuery = z.object({
  country: z.enum(STATION_COUNTRIES).optional(),
  since: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  /** The database history `since` belongs to (an app of before the history existed sends none). */
  dataset: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});

const envelope = {
  country: z.enum(STATION_COUNTRIES),
  version: z.number().int().nonnegative(),
  dataset: z.string().min(1).max(64).optional(),
  full: z.boolean(),
};
const index = z.number().int().min(-1);
const uid = z.union([z.number().int().nonnegative(), z.string().min(1).max(36)]);
/** A station id, or its number's difference from the one before (src/shared/station-wire.ts). */
const stationId = z.union([z.number().int(), z.string()]);

/** The facts channel's answer: the compact form of src/shared/station-wire.ts (`FactsWire`). */
const stationFactsSchema = z.object({
  ...envelope,
  hours: z.array(weeklyHoursSchema),
  services: z.array(z.array(z.number().int().nonnegative())),
  /** Charge point models: connectors as [plug index, kW], printed id pattern or 0, tariff id or 0. */
  models: z.array(
    z.tuple(
      [z.array(z.tuple([z.number().int().nonnegative(), z.number().positive()]))],
      z.union([z.string(), z.literal(0)]),
    ),
  ),
  /** Name and slug patterns of the stations' town and street ({c}, {s}; {C}, {S} as in a slug). */
  texts: z.array(z.string()),
  stations: z.array(
    z.tuple(
      [
        stationId,
        z.union([index, z.string()]),
        z.union([index, z.string()]),
        z.string(),
        z.string(),
        z.string(),
        z.number().int(),
        z.number().int(),
        index,
        z.union([z.literal(0), z.literal(1)]),
        index,
      ],
      z.union([z.string(), index, z.array(z.union([index, z.tuple([uid, index], z.string())]))]),
    ),
  ),
  removed: z.array(z.string()),
});

/** The live channel's answer: the compact form of src/shared/station-wire.ts (`LiveWire`). */
const stationLiveSchema = z.object({
  ...envelope,
  base: z.number().int(),
  /** Per station: its id, then grade index, thousandths, seconds before `base` of each price. */
  prices: z.array(z.tuple([stationId], z.number().int())),
  /** Per station: its id, then uid, status index, seconds before `base` of each charge point. */
  statuses: z.array(z.tuple([stationId], uid)),
  tariffs: z.array(z.tuple([z.string()], z.number().nonnegative().nullable())),
});

export const stationsApi = {
  /**
   * The keyed list with live data in every entry, for apps installed before the two
   * channels: answers 304 to an `if-none-match` of the list the browser holds.
   */
  list: endpoint({
    method: 'GET',
    path: STATIONS_API_PATHS.list,
    request: { query: channelQuery },
    response: stationListSchema,
    errors: ['BAD_REQUEST'],
  }),
  /** Station facts, compact; answers 304 to an `if-none-match` of the facts the browser holds. */
  facts: endpoint({
    method: 'GET',
    path: STATIONS_API_PATHS.facts,
    request: { query: channelQuery },
    response: stationFactsSchema,
    errors: ['BAD_REQUEST'],
  }),
  /** Live data (prices, charger statuses, tariffs), compact; 304 to an `if-none-match` as above. */
  live: endpoint({
    method: 'GET',
    path: STATIONS_API_PATHS.live,
    request: { query: channelQuery },
    response: stationLiveSchema,
    errors: ['BAD_REQUEST'],
  }),
};
