/**
 * The server's markup cache for the layout's large, page-independent parts (the main
 * navigation's list, the footer's content): their HTML is rendered once per layout and per
 * everything else it depends on (`cacheKey`), then reused by every page that shows the
 * same, as the site server keeps the layout itself by version. Those two parts were about
 * half of a page's server render (docs/performance.md "Uncached renders").
 *
 * The browser renders the element and its children as always and hydrates them against
 * the cached HTML, which is the same HTML (src/entry-server.tsx renders it with the page's
 * own providers; tests/integration/layout-markup-cache.test.ts compares documents rendered
 * with and without the cache). One thing would differ: ids from `useId`, which depend on
 * where in the tree they are made. Ids a cached part needs are made outside it and passed
 * in (and belong in `cacheKey`); a part that makes its own is found by the render's id
 * prefix and is then rendered in place, never cached.
 */
import { createContext, createElement, useContext, type HTMLAttributes, type ReactNode } from 'react';

export interface MarkupCache {
  /**
   * The cached HTML of `key` for `owner` (the layout object). On a miss the part renders in
   * place this time, and its HTML is made after the page's render (never inside it: React's
   * server renderer keeps the render in progress in module state).
   */
  markup(owner: object, key: string, children: () => ReactNode): string | undefined;
}

/** Given by the server render only; elsewhere the parts render as plain elements. */
export const MarkupCacheContext = createContext<MarkupCache | null>(null);

type CachedElementProps = Omit<HTMLAttributes<HTMLElement>, 'children'> & {
  as: 'ul' | 'div' | 'footer';
  /** What the cached HTML belongs to (the layout object): a new layout starts afresh. */
  owner: object | null | undefined;
  /** Everything else the children's HTML depends on; none renders in place. */
  cacheKey: string | undefined;
  /** A function, so that a part served from the cache does not even build its elements. */
  children: () => ReactNode;
};

export function CachedElement({ as, owner, cacheKey, children, ...attributes }: CachedElementProps) {
  const cache = useContext(MarkupCacheContext);
  if (!import.meta.env.SSR) return createElement(as, attributes, children());
  const html = cache && owner && cacheKey ? cache.markup(owner, cacheKey, children) : undefined;
  if (html === undefined) return createElement(as, attributes, children());
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}

/** A markup cache, and what the server render calls once a page's render is done. */
export interface ServerMarkupCache extends MarkupCache {
  /** Renders the parts missed during the page's render (with `render`: the page's providers around them) and keeps their HTML. */
  fillMissed(render: (children: ReactNode) => string): void;
  /** Lookups served from the cache and not, since start: the site server's metrics read them (plain numbers, no metrics library in this bundle). */
  readonly stats: { hits: number; misses: number };
}

/**
 * A markup cache; `probe` is the id prefix its renders use (an id made inside a part shows
 * it). Per owner a bounded number of keys.
 */
export function createMarkupCache(probe: string): ServerMarkupCache {
  const byOwner = new WeakMap<object, Map<string, string | null>>();
  const MAX_KEYS_PER_OWNER = 200;
  let missed: Array<{ entries: Map<string, string | null>; key: string; children: () => ReactNode }> = [];
  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    markup(owner, key, children) {
      let entries = byOwner.get(owner);
      if (!entries) {
        entries = new Map();
        byOwner.set(owner, entries);
      }
      const known = entries.get(key);
      if (known === undefined) missed.push({ entries, key, children });
      if (typeof known === 'string') stats.hits += 1;
      else stats.misses += 1;
      return known ?? undefined;
    },
    fillMissed(render) {
      const parts = missed;
      missed = [];
      for (const { entries, key, children } of parts) {
        if (entries.has(key)) continue;
        const html = render(children());
        if (entries.size >= MAX_KEYS_PER_OWNER) entries.clear();
        // A part that made its own ids (useId) renders in place from now on: null remembers that.
        entries.set(key, html.includes(probe) ? null : html);
      }
    },
  };
}
