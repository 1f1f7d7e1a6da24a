/**
 * The markup cache: a part's HTML is made once (after the render that missed it) and
 * reused; a part that makes its own ids is never cached; the HTML is the part's own.
 */
import { useId, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CachedElement, createMarkupCache, MarkupCacheContext, type ServerMarkupCache } from './markup-cache';

const PROBE = 'probe-';
let renders = 0;
const rendered = () => {
  renders += 1;
};

function Counted({ text, seen = rendered }: { text: string; seen?: () => void }) {
  seen();
  return <li>{text}</li>;
}

function WithOwnId({ seen = rendered }: { seen?: () => void }) {
  seen();
  return <li id={useId()}>x</li>;
}

function page(cache: ServerMarkupCache | null, owner: object, cacheKey: string | undefined, children: ReactNode) {
  const html = renderToString(
    <MarkupCacheContext.Provider value={cache}>
      <main>
        <CachedElement as="ul" className="list" owner={owner} cacheKey={cacheKey}>
          {() => children}
        </CachedElement>
      </main>
    </MarkupCacheContext.Provider>,
  );
  cache?.fillMissed((part) => renderToString(part, { identifierPrefix: PROBE }));
  return html;
}

describe('the server markup cache', () => {
  it('renders a part in place once, then serves its HTML without rendering it', () => {
    const cache = createMarkupCache(PROBE);
    const layout = {};
    renders = 0;
    const first = page(cache, layout, 'fi', <Counted text="Asemat &amp; <b>" />);
    expect(renders).toBe(2); // in place, then for the cache
    const second = page(cache, layout, 'fi', <Counted text="Asemat &amp; <b>" />);
    expect(renders).toBe(2);
    expect(second).toBe(first);
    expect(second).toBe(page(null, layout, 'fi', <Counted text="Asemat &amp; <b>" />));
    // What the site server's metrics read: one miss, then one hit.
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
  });

  it('keeps apart what differs by key or by owner', () => {
    const cache = createMarkupCache(PROBE);
    const layout = {};
    page(cache, layout, 'fi', <Counted text="fi" />);
    expect(page(cache, layout, 'sv', <Counted text="sv" />)).toContain('<li>sv</li>');
    expect(page(cache, {}, 'fi', <Counted text="new layout" />)).toContain('<li>new layout</li>');
    expect(page(cache, layout, 'fi', <Counted text="ignored" />)).toContain('<li>fi</li>');
  });

  it('never caches a part that makes its own ids, nor one without a key', () => {
    const cache = createMarkupCache(PROBE);
    const layout = {};
    renders = 0;
    for (let round = 0; round < 3; round++) {
      const html = page(cache, layout, 'ids', <WithOwnId />);
      expect(html).not.toContain(PROBE);
    }
    expect(renders).toBe(3 + 1); // every page in place; the one probe render found the id
    renders = 0;
    page(cache, layout, undefined, <Counted text="a" />);
    page(cache, layout, undefined, <Counted text="a" />);
    expect(renders).toBe(2);
  });
});
