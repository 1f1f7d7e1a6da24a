/**
 * Vitest globalSetup of the "integration-postgres" project: one throwaway PostgreSQL
 * server for the whole run (test-database.ts gives each origin its own database on it),
 * so the PostgreSQL run costs one initdb, not one per test file.
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwaway-postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startThrowawayPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.stop();
}
