/**
 * Runs a suite on SQLite and on PostgreSQL (a throwaway server, throwaway-postgres.ts):
 * `forEachDatabase((database) => describe.skipIf(database.skip !== undefined)(…))`, with
 * `database.startOrigin()` in beforeAll and `database.stop()` in afterAll.
 */
import { startSeededOrigin, type SeededOrigin } from './seeded-origin';
import { postgresSkipReason, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

export interface DatabaseUnderTest {
  name: 'SQLite' | 'PostgreSQL';
  /** Why this database's suite is skipped (PostgreSQL outside CI without binaries), else undefined. */
  skip: string | undefined;
  /** A seeded origin on a fresh database of this kind. */
  startOrigin(name: string): Promise<SeededOrigin>;
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
    async startOrigin(name) {
      origin = await startSeededOrigin(`${name}-sqlite`);
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
    async startOrigin(name) {
      server = await startThrowawayPostgres();
      const databaseUrl = await server.createDatabase(name.replace(/[^a-z0-9]/g, '_'));
      origin = await startSeededOrigin(`${name}-pg`, { databaseUrl });
      return origin;
    },
    async stop() {
      await origin?.close();
      await server?.stop();
    },
  };
}
