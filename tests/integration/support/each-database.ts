/**
 * Runs a suite on SQLite and on PostgreSQL (a throwaway server, throwaway-postgres.ts):
 * `forEachDatabase((database) => describe.skipIf(database.skip !== undefined)(…))`, with
 * `database.startOrigin()` in beforeAll and `database.stop()` in afterAll.
 */
import type { OriginAppOptions } from '../../../server/origin/app';
import { startSeededOrigin, type SeededOrigin } from './seeded-origin';
import { postgresSkipReason, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

export interface DatabaseUnderTest {
  name: 'SQLite' | 'PostgreSQL';
  /** Why this database's suite is skipped (PostgreSQL outside CI without binaries), else undefined. */
  skip: string | undefined;
  /** A seeded origin on a fresh database of this kind (`app`: options of the origin app). */
  startOrigin(name: string, app?: OriginAppOptions): Promise<SeededOrigin>;
  /** Closes the origin and, for PostgreSQL, stops the server. */
  stop(): Promise<void>;
}

export function forEachDatabase(suite: (database: DatabaseUnderTest) => void): void {
  const postgresSkip = postgresSkipReason();
  if (postgresSkip) console.warn(postgresSkip);
  suite(sqliteUnderTest());
  suite(postgresUnderTest(postgresSkip));
}

function sqliteUnderTest(): DatabaseUnderTest {
  let origin: SeededOrigin | undefined;
  return {
    name: 'SQLite',
    skip: undefined,
    async startOrigin(name, app) {
      origin = await startSeededOrigin(`${name}-sqlite`, { app });
      return origin;
    },
    async stop() {
      await origin?.close();
    },
  };
}

function postgresUnderTest(skip: string | undefined): DatabaseUnderTest {
  let server: ThrowawayPostgres | undefined;
  let origin: SeededOrigin | undefined;
  return {
    name: 'PostgreSQL',
    skip,
    async startOrigin(name, app) {
      server = await startThrowawayPostgres();
      const databaseUrl = await server.createDatabase(name.replace(/[^a-z0-9]/g, '_'));
      origin = await startSeededOrigin(`${name}-pg`, { databaseUrl, app });
      return origin;
    },
    async stop() {
      await origin?.close();
      await server?.stop();
    },
  };
}
