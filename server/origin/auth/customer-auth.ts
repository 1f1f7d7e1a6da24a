/** The customer behind a request: `authorization: Bearer <session token>` from the site server. */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import type { SessionsRepository } from './sessions-repository';

export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED', 'No valid customer session');

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header);
  return match?.[1];
}

/** The customer id of the request's live session, or a 401. */
export async function requireCustomerId(request: FastifyRequest, sessions: SessionsRepository): Promise<string> {
  const token = bearerToken(request);
  const session = token ? await sessions.find(token) : undefined;
  if (!session) throw unauthorized();
  return session.customerId;
}

/**
 * The session check of the signed-in customer endpoints as an `onRequest` hook, so that it
 * runs before the route schema: a request without a session is a 401 whatever its body
 * (validation answers only the customer). `customerId` reads what the hook found.
 */
export function customerSessionGuard(sessions: SessionsRepository) {
  const customerIds = new WeakMap<FastifyRequest, string>();
  return {
    onRequest: async (request: FastifyRequest) => {
      customerIds.set(request, await requireCustomerId(request, sessions));
    },
    customerId(request: FastifyRequest): string {
      const customerId = customerIds.get(request);
      if (customerId === undefined) throw unauthorized();
      return customerId;
    },
  };
}
