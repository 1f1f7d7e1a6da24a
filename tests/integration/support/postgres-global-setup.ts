/**
 * Vitest globalSetup of the "integration-postgres" project: one throwaway PostgreSQL
 * server for the whole run (test-database.ts gives each origin its own database on it),
 * so the PostgreSQL run costs one initdb, not one per test file; and on it the run's
 * seeded template database (seeded-template.ts), which seeded origins get a copy of
 * (CREATE DATABASE … TEMPLATE) instead of seeding their own.
 */
import type { TestProject } from 'vitest/node';
import { seedPostgresTemplate } from './seeded-template';
import { startThrowawayPostgres } from './throwaway-postgres';

const TEMPLATE = 'st1_seeded_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startThrowawayPostgres();
  try {
    await seedPostgresTemplate(await server.createDatabase(TEMPLATE));
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('postgresAdminUrl', server.adminUrl);
  project.provide('postgresTemplate', TEMPLATE);
  return () => server.stop();
}
