/**
 * The customer session cookie: an opaque token the origin issued, HttpOnly (scripts
 * never read it), SameSite=Lax, Secure when the request came over https, path /.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TOKEN_SHAPE } from '#shared/api/customers';

export const SESSION_COOKIE = 'st1_session';

/** The session token of the request, or undefined (a malformed cookie counts as none). */
export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && SESSION_TOKEN_SHAPE.test(value) ? value : undefined;
}

function baseOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  reply.setCookie(SESSION_COOKIE, token, { ...baseOptions(request), maxAge });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, baseOptions(request));
}
