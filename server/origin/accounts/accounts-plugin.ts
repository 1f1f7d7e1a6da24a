/**
 * The accounts domain as a plugin: customers/v1 (sessions, the customer record, cards,
 * registration, e-mail confirmation, password change and reset). Sessions and the
 * customer behind a request come from the auth plugin; mail goes through the outbox.
 * The order history is the shop's (shop/order-history-routes.ts).
 */
import fp from 'fastify-plugin';
import type { ScryptCost } from '../auth/secrets';
import { createAccountsRepositories } from './accounts-repositories';
import { customerRoutes } from './customer-routes';
import { passwordResetRoutes } from './password-reset-routes';
import { passwordRoutes } from './password-routes';
import { registrationRoutes } from './registration-routes';
import { sessionRoutes } from './session-routes';

interface AccountsPluginOptions {
  /** SITE_URLS (config.ts): the origins links in e-mails may point to; none: loopback only. */
  siteUrls: readonly string[];
  /** PASSWORD_SCRYPT_N (config.ts): the scrypt cost of new password hashes. */
  passwordCost: ScryptCost;
}

export const accountsPlugin = fp<AccountsPluginOptions>(
  async (app, options) => {
    // One module per resource of customers/v1.
    const accounts = app.provideRepositories('accounts', createAccountsRepositories);
    const deps = {
      accounts,
      transaction: app.transaction,
      auth: app.auth,
      siteUrls: options.siteUrls,
      passwordCost: options.passwordCost,
    };
    sessionRoutes(app, deps);
    customerRoutes(app, deps);
    registrationRoutes(app, deps);
    passwordRoutes(app, deps);
    passwordResetRoutes(app, deps);
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['unit-of-work', 'auth', 'outbox'] },
);
