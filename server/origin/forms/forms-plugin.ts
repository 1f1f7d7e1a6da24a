/**
 * The forms domain as a plugin: POST forms/v1/submissions, with the sender's account from
 * the auth plugin and the team's mail queued in the outbox.
 */
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { formRoutes } from './form-routes';

export const formsPlugin = fp<{ db: Db }>(
  async (app, options) => {
    formRoutes(app, { db: options.db, customerIdOf: app.auth.customerIdOf });
  },
  { name: 'forms', fastify: '5.x', dependencies: ['auth', 'outbox'] },
);
