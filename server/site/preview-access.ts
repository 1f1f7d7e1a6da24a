/**
 * Who may read drafts under /preview: editors who know the preview token (PREVIEW_TOKEN).
 * An editor opens any preview address once with `?preview_token=…`; the site server checks
 * it, keeps a digest of it in an HttpOnly cookie limited to /preview, and redirects to the
 * same address without the token, so that it does not stay in the history or in Referer
 * headers. Without a configured token, preview is off. A refused preview answers like an
 * unknown page (404), so that nobody learns which drafts exist.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const PREVIEW_COOKIE = 'st1_preview';
const TOKEN_PARAM = 'preview_token';

function digest(token: string): Buffer {
  return createHash('sha256').update(`st1-preview:${token}`).digest();
}

function sameDigest(candidate: string | undefined, expected: Buffer): boolean {
  if (!candidate || !/^[0-9a-f]{64}$/.test(candidate)) return false;
  return timingSafeEqual(Buffer.from(candidate, 'hex'), expected);
}

export type PreviewDecision = { kind: 'allowed' } | { kind: 'refused' } | { kind: 'redirect'; location: string };

export function createPreviewAccess(
  token: string | undefined,
  options: { secureCookie: (request: FastifyRequest) => boolean },
) {
  const expected = token ? digest(token) : undefined;

  return {
    check(request: FastifyRequest, reply: FastifyReply): PreviewDecision {
      if (!expected) return { kind: 'refused' };
      const url = new URL(request.url, 'http://site.invalid');
      const offered = url.searchParams.get(TOKEN_PARAM);
      if (offered !== null) {
        if (!sameDigest(digest(offered).toString('hex'), expected)) return { kind: 'refused' };
        reply.setCookie(PREVIEW_COOKIE, expected.toString('hex'), {
          path: '/preview',
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookie(request),
        });
        url.searchParams.delete(TOKEN_PARAM);
        return { kind: 'redirect', location: `${url.pathname}${url.search}` };
      }
      return sameDigest(request.cookies[PREVIEW_COOKIE], expected) ? { kind: 'allowed' } : { kind: 'refused' };
    },
  };
}
