/**
 * Live station data for the e2e specs: prices and charger statuses pushed into the
 * database of the server under test (its SQLite file in E2E_DATA_DIR) through the same
 * import functions as the origin's import API (whose HTTP side, tokens and refusals are
 * covered by tests/integration/station-imports.test.ts).
 */
import { openDatabase } from '../../../server/origin/db';
import { createOriginUnitOfWork } from '../../../server/origin/origin-unit-of-work';
import {
  importChargerStatuses,
  importFuelPrices,
  type PriceRow,
  type StatusRow,
} from '../../../server/origin/stations/station-imports';

async function withDatabase<T>(use: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = openDatabase({ dataDir });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

export function pushPrices(rows: PriceRow[]) {
  return withDatabase((db) => importFuelPrices(createOriginUnitOfWork(db).transaction, rows));
}

export function pushStatuses(rows: StatusRow[]) {
  return withDatabase((db) => importChargerStatuses(createOriginUnitOfWork(db).transaction, rows));
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
