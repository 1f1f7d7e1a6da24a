/**
 * The accounts domain's repositories on one connection: the database (its plugin's decorator)
 * or a transaction of the unit of work (unit-of-work.ts), which builds them once per
 * transaction from this factory.
 */
import type { AccountsDb } from './account-tables';
import { createCustomersRepository } from './customers-repository';
import { createCardsRepository } from './cards-repository';
import { createAccountTokensRepository } from './account-tokens-repository';
import { createLoginFailuresRepository } from './login-failures-repository';

export function createAccountsRepositories(db: AccountsDb) {
  return {
    customers: createCustomersRepository(db),
    cards: createCardsRepository(db),
    tokens: createAccountTokensRepository(db),
    loginFailures: createLoginFailuresRepository(db),
  };
}

export type AccountsRepositories = ReturnType<typeof createAccountsRepositories>;

declare module '../unit-of-work' {
  interface Repositories {
    accounts: AccountsRepositories;
  }
}
