/**
 * Server render: the site server gives the payload it already loaded from the origin;
 * the route loader hands it back, so the HTML and `_payload.json` come from one source.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/app';
import { serializeBootData, BOOT_ELEMENT_ID } from '#shared/boot-data';
import { HeadMarkup } from '@/app/document-head';
import { PageRoute } from '@/app/routes';
import { preloadAllBlocks } from '@/app/lazy-blocks';
import { preloadCatalogs } from '@/i18n/catalogs';
import { serverCartSource } from '@/features/shop/cart/server-cart';
import type { ServerBundle } from '#shared/server-bundle';
import { createMarkupCache, MarkupCacheContext } from '@/ui/markup-cache';

const [catalogs] = await Promise.all([preloadCatalogs(), preloadAllBlocks()]);

/** A message in a locale, for texts the server needs outside React (error page titles). */
export const translate: ServerBundle['translate'] = (locale, id, values) => catalogs[locale]._(id, values);

/** An id prefix no page uses: an id made inside a cached part shows it (src/ui/markup-cache.tsx). */
const ID_PROBE = 'st1-cached-part-id-';
const markupCache = createMarkupCache(ID_PROBE);

/** The markup cache's hits and misses so far, for the site server's metrics. */
export const markupCacheStats: ServerBundle['markupCacheStats'] = () => ({ ...markupCache.stats });

export const render: ServerBundle['render'] = async ({
  url,
  basename,
  payload,
  publicConfig,
  cacheMarkup = true,
  // The moment this document shows (today's hours, the year), written into its boot data too.
  renderedAt = Date.now(),
}) => {
  const i18n = catalogs[payload.locale];
  const { pathname, search } = new URL(url);
  // The page's own providers, around the page or around one of its cached parts.
  const inPage = (children: ReactNode) => (
    <StrictMode>
      <AppProviders
        i18n={i18n}
        site={{ locale: payload.locale, basename, renderedAt }}
        cart={serverCartSource(payload.locale)}
      >
        <StaticRouter location={pathname + search} basename={basename || '/'}>
          {children}
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
  const html = renderToString(
    <MarkupCacheContext.Provider value={cacheMarkup ? markupCache : null}>
      {inPage(<PageRoute initial={payload} />)}
    </MarkupCacheContext.Provider>,
  );
  if (cacheMarkup) markupCache.fillMissed((part) => renderToString(inPage(part), { identifierPrefix: ID_PROBE }));
  return {
    lang: payload.head.lang,
    head: renderToStaticMarkup(<HeadMarkup head={payload.head} />),
    html,
    data: `<script type="application/json" id="${BOOT_ELEMENT_ID}">${serializeBootData({ basename, payload, ...(publicConfig ? { publicConfig } : {}), renderedAt, ...(search ? { renderedSearch: search } : {}) })}</script>`,
  };
};
