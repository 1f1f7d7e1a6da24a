/**
 * The interface of the server-render bundle (dist/server/entry-server.js, built from
 * src/entry-server.tsx) as the site server calls it (server/site/renderer.ts). Declared
 * once here: the entry implements it, the site server checks the loaded module against it.
 */
import type { PublicConfig } from './boot-data';
import type { Locale } from './locales';
import type { PagePayload } from './payload';

export interface RenderInput {
  /** Absolute URL of the request (only its path and query are used by the router). */
  url: string;
  basename: string;
  payload: PagePayload;
  /** What the browser may know of the site configuration (boot-data.ts). */
  publicConfig?: PublicConfig;
  /** False renders every part in place (tests compare against it); the layout's markup cache otherwise (src/ui/markup-cache.tsx). */
  cacheMarkup?: boolean;
  /**
   * The moment the document shows (today's hours, "opens in 27 min", the year), in ms since
   * the epoch: now, unless a test that compares two renders pins it to one moment.
   */
  renderedAt?: number;
}

/** The pieces of the document, each for its marker in the client's index.html. */
interface RenderResult {
  lang: string;
  head: string;
  html: string;
  data: string;
}

/** A message in a locale, for texts the server needs outside React (error page titles). */
export type Translate = (locale: Locale, id: string, values?: Record<string, unknown>) => string;

export interface ServerBundle {
  render(input: RenderInput): Promise<RenderResult>;
  translate: Translate;
  /** Lookups of the layout's markup cache served from it and not (the site server's metrics). */
  markupCacheStats(): { hits: number; misses: number };
}

/** A loaded module that exports the bundle's three functions (a stale or foreign build does not). */
export function isServerBundle(module: unknown): module is ServerBundle {
  if (typeof module !== 'object' || module === null) return false;
  const candidate = module as Record<string, unknown>;
  return (
    typeof candidate.render === 'function' &&
    typeof candidate.translate === 'function' &&
    typeof candidate.markupCacheStats === 'function'
  );
}
