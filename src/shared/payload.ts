/**
 * The page payload: what the server embeds in the HTML for hydration and answers at
 * `{path}/_payload.json` for client navigation and prefetch (DESIGN §3).
 */
import type { Layout, Page, SearchResult } from './content-schema';
import type { HeadData } from './head';
import type { Locale } from './locales';

export interface PayloadError {
  status: number;
  /** Status name looked up under httpMessages (spec §8). */
  statusName: 'BAD_REQUEST' | 'NOT_FOUND' | 'URI_TOO_LONG' | 'INTERNAL_SERVER_ERROR';
  /** The path the visitor asked for. */
  path: string;
  /** 'unknownRoute' → 'Page not found: {path}'; 'validation' → 'Page Not Found: {path}'. */
  reason: 'unknownRoute' | 'validation' | 'badRequest' | 'server';
}

export interface PagePayload {
  locale: Locale;
  buildId: string;
  preview: boolean;
  layout: Layout | null;
  page: Page | null;
  error: PayloadError | null;
  head: HeadData;
  /**
   * Results of the search page's ?q= in a server-rendered document (search without
   * JavaScript); null result when the search failed. Absent everywhere else.
   */
  search?: { query: string; result: SearchResult | null };
}

export const PAYLOAD_SUFFIX = '/_payload.json';

/** The payload URL of a page path ("/" → "/_payload.json", "/a" → "/a/_payload.json"). */
export function payloadUrl(pathname: string): string {
  return `${pathname === '/' ? '' : pathname.replace(/\/+$/, '')}${PAYLOAD_SUFFIX}`;
}
