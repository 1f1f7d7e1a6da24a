import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales';
import { badRequest } from './errors';

/** The x-st1-locale header (spec §7), default fi-FI; an unknown locale is a 400. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['x-st1-locale'];
  if (header === undefined || header === '') return DEFAULT_LOCALE;
  if (isLocale(header)) return header;
  throw badRequest(`Unknown locale in x-st1-locale: ${String(header).slice(0, 40)}`);
}

/** Drafts are served only to requests that carry x-st1-preview (spec §7). */
export function isPreview(request: FastifyRequest): boolean {
  const header = request.headers['x-st1-preview'];
  return header !== undefined && header !== 'false' && header !== '0';
}
