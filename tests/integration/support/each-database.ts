/**
 * A suite that names its database: `forEachDatabase((database) => describe(…))`, with
 * `database.startOrigin()` in beforeAll and `database.stop()` in afterAll. The suite runs
 * once per test run, on the run's database (test-database.ts): SQLite in the
 * "integration" project, PostgreSQL in "integration-postgres" (vite.config.ts), so every
 * such suite runs on both in `npm test`.
 */
import type { OriginAppOptions } from '../../../server/origin/app';
import { startSeededOrigin, type SeededOrigin } from './seeded-origin';
import { testDatabase, type TestDatabaseName } from './test-database';

export interface DatabaseUnderTest {
  name: TestDatabaseName;
  /** Why this database's suite is skipped, else undefined (kept for callers' describe.skipIf). */
  skip: string | undefined;
  /** A seeded origin on a fresh database of this kind (`app`: options of the origin app). */
  startOrigin(name: string, app?: OriginAppOptions): Promise<SeededOrigin>;
  /** Closes the origin (and its database). */
  stop(): Promise<void>;
}

export function forEachDatabase(suite: (database: DatabaseUnderTest) => void): void {
  let origin: SeededOrigin | undefined;
  suite({
    name: testDatabase,
    skip: undefined,
    async startOrigin(name, app) {
      origin = await startSeededOrigin(name, { app });
      return origin;
    },
    async stop() {
      await origin?.close();
    },
  });
}
