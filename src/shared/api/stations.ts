/** cms-view/v1/stations (docs/stations.md): a country's compact station list, or the changes since a version. */
import { z } from '../zod';
import { STATION_COUNTRIES } from '../station-constants';
import { stationListSchema } from '../stations';
import { endpoint } from './endpoint';
import { STATIONS_API_PATHS } from './paths';

export const stationsApi = {
  /** Answers 304 to an `if-none-match` of the list the browser holds. */
  list: endpoint({
    method: 'GET',
    path: STATIONS_API_PATHS.list,
    request: {
      query: z.object({
        country: z.enum(STATION_COUNTRIES).optional(),
        since: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
        /** The database history `since` belongs to (an app of before the history existed sends none). */
        dataset: z
          .string()
          .regex(/^[\w-]{1,64}$/)
          .optional(),
      }),
    },
    response: stationListSchema,
    errors: ['BAD_REQUEST'],
  }),
};
