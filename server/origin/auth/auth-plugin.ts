/**
 * The origin's customer authentication, below every domain: the sessions repository
 * (built once here), the customer behind a request, and the session guard of the signed-in
 * endpoints. The domains that know a customer (accounts, shop, forms) depend on it instead
 * of on each other. Password hashing and tokens (secrets.ts) are functions imported from
 * this folder.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, customerSessionGuard, requireCustomerId } from './customer-auth';
import type { SessionsRepository } from './sessions-repository';
import { createAuthRepositories } from './auth-repositories';

export interface CustomerAuth {
  sessions: SessionsRepository;
  /**
   * The customer of the request's live session, or null: the site server adds
   * `authorization: Bearer <session>` for a signed-in customer; a guest, or a session that
   * has ended, is null rather than refused (an order or a contact form from a guest).
   */
  customerIdOf(request: FastifyRequest): Promise<string | null>;
  /** The customer of the request's live session, or a 401. */
  requireCustomerId(request: FastifyRequest): Promise<string>;
  /** A guard whose `onRequest` runs the session check before the route schema (customer-auth.ts). */
  sessionGuard(): ReturnType<typeof customerSessionGuard>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: CustomerAuth;
  }
}

function createCustomerAuth(sessions: SessionsRepository): CustomerAuth {
  return {
    sessions,
    async customerIdOf(request) {
      const token = bearerToken(request);
      if (!token) return null;
      return (await sessions.find(token))?.customerId ?? null;
    },
    requireCustomerId: (request) => requireCustomerId(request, sessions),
    sessionGuard: () => customerSessionGuard(sessions),
  };
}

export const authPlugin = fp(
  async (app) => {
    const { sessions } = app.provideRepositories('auth', createAuthRepositories);
    app.decorate('auth', createCustomerAuth(sessions));
  },
  { name: 'auth', fastify: '5.x', dependencies: ['unit-of-work'] },
);
