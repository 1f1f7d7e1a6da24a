/**
 * The forms domain as a plugin: POST forms/v1/submissions, with the sender's account from
 * the auth plugin and the team's mail queued in the outbox.
 */
import fp from 'fastify-plugin';
import { createFormsRepositories } from './forms-repositories';
import { formRoutes } from './form-routes';

export const formsPlugin = fp(
  async (app) => {
    app.provideRepositories('forms', createFormsRepositories);
    formRoutes(app, { transaction: app.transaction, customerIdOf: app.auth.customerIdOf });
  },
  { name: 'forms', fastify: '5.x', dependencies: ['unit-of-work', 'auth', 'outbox'] },
);
