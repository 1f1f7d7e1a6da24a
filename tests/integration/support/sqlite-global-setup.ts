/**
 * Vitest globalSetup of the "integration" project (SQLite): the run's seeded template file
 * (seeded-template.ts), which every seeded origin copies into its data folder.
 */
import type { TestProject } from 'vitest/node';
import { makeSqliteTemplate } from './seeded-template';

export default async function setup(project: TestProject): Promise<() => void> {
  const template = await makeSqliteTemplate();
  project.provide('sqliteTemplate', template.file);
  return () => template.remove();
}
