/**
 * The origin's import endpoints for live station data (docs/stations.md "Import API"):
 * POST station-import/v1/fuel-prices, POST station-import/v1/charger-statuses and
 * POST station-import/v1/tariffs (OCPI 2.2.1 Tariffs, with the statuses' token), each
 * authenticated by its own bearer token from the configuration (PRICE_IMPORT_TOKEN,
 * CHARGER_STATUS_IMPORT_TOKEN), compared in constant time before the body is even read.
 * Not proxied by the site server: station systems and feeds push to the origin.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeSchema } from '#shared/api/endpoint';
import { MAX_IMPORT_ROWS, stationImportApi } from '#shared/api/station-import';
import { HttpError } from '../../common/http-error';
import { zodRoutes } from '../../common/zod-routes';
import type { UnitOfWork } from '../unit-of-work';
import type { CachePurges } from '../outbox/cache-purges';
import { importChargerStatuses, importFuelPrices, importTariffs } from './station-imports';
import type { ImportKind, StationMetrics } from './station-metrics';
import type { LiveNotices } from './live-notices';

export interface ImportTokens {
  prices?: string | undefined;
  chargerStatuses?: string | undefined;
}

/** About 150 bytes a row in JSON: the limit follows MAX_IMPORT_ROWS. */
const IMPORT_BODY_LIMIT = MAX_IMPORT_ROWS * 200;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A check of the bearer token in constant time (digests of equal length, whatever was sent). */
function bearerCheck(token: string | undefined, variable: string) {
  const expected = token ? digest(token) : undefined;
  return async (request: FastifyRequest) => {
    if (!expected) throw new HttpError(503, 'IMPORT_NOT_CONFIGURED', `This import is off: ${variable} is not set`);
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      throw new HttpError(401, 'UNAUTHORIZED', 'A valid import token is required (Authorization: Bearer …)', {
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
  };
}

export function stationImportRoutes(
  app: FastifyInstance,
  deps: {
    transaction: UnitOfWork['transaction'];
    tokens: ImportTokens;
    purges?: CachePurges;
    now?: () => Date;
    metrics?: StationMetrics;
    /** REDIS_URL's notices to the site servers' live streams (live-notices.ts); none without Redis. */
    notices?: LiveNotices | undefined;
  },
): void {
  const now = deps.now ?? (() => new Date());
  /**
   * The import committed: its purges go out now, and the site servers hear of the live
   * version it took, both in the background (the answer does not wait).
   */
  const afterCommit = <T extends { version: number | null }>(result: T): T => {
    deps.purges?.deliverSoon();
    if (result.version !== null) deps.notices?.committed(result.version);
    return result;
  };
  const api = zodRoutes(app);
  /** Runs an import and counts its rows: all accepted, or all refused (a batch is all or nothing). */
  async function counted<T>(kind: ImportKind, rows: number, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      deps.metrics?.importedRows(kind, 'accepted', rows);
      return result;
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) deps.metrics?.importedRows(kind, 'refused', rows);
      throw error;
    }
  }
  // The batches' schemas and answers are the contracts' (src/shared/api/station-import.ts).
  api.post(
    '/station-import/v1/fuel-prices',
    {
      schema: routeSchema(stationImportApi.fuelPrices),
      bodyLimit: IMPORT_BODY_LIMIT,
      onRequest: bearerCheck(deps.tokens.prices, 'PRICE_IMPORT_TOKEN'),
    },
    async (request) =>
      counted('fuel_prices', request.body.prices.length, async () =>
        afterCommit(await importFuelPrices(deps.transaction, request.body.prices, now(), deps.purges)),
      ),
  );
  api.post(
    '/station-import/v1/charger-statuses',
    {
      schema: routeSchema(stationImportApi.chargerStatuses),
      bodyLimit: IMPORT_BODY_LIMIT,
      onRequest: bearerCheck(deps.tokens.chargerStatuses, 'CHARGER_STATUS_IMPORT_TOKEN'),
    },
    async (request) =>
      counted('charger_statuses', request.body.statuses.length, async () =>
        afterCommit(await importChargerStatuses(deps.transaction, request.body.statuses, now(), deps.purges)),
      ),
  );
  // The charge point operator's feed: the same token as its statuses (docs/stations.md).
  api.post(
    '/station-import/v1/tariffs',
    {
      schema: routeSchema(stationImportApi.tariffs),
      bodyLimit: IMPORT_BODY_LIMIT,
      onRequest: bearerCheck(deps.tokens.chargerStatuses, 'CHARGER_STATUS_IMPORT_TOKEN'),
    },
    async (request) =>
      counted('tariffs', request.body.tariffs.length, async () =>
        afterCommit(await importTariffs(deps.transaction, request.body.tariffs, now(), deps.purges)),
      ),
  );
}
