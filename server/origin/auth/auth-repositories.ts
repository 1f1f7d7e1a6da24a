/**
 * The auth domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { AuthDb } from './auth-tables';
import { createSessionsRepository } from './sessions-repository';

export function createAuthRepositories(db: AuthDb) {
  return {
    sessions: createSessionsRepository(db),
  };
}

type AuthRepositories = ReturnType<typeof createAuthRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    auth: AuthRepositories;
  }
}
