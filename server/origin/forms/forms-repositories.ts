/**
 * The forms domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { FormsDb } from './form-tables';
import { createFormSubmissionsRepository } from './form-submissions-repository';

export function createFormsRepositories(db: FormsDb) {
  return {
    submissions: createFormSubmissionsRepository(db),
  };
}

type FormsRepositories = ReturnType<typeof createFormsRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    forms: FormsRepositories;
  }
}
