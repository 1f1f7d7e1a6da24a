/**
 * Server render: the site server gives the payload it already loaded from the origin;
 * the route loader hands it back, so the HTML and `_payload.json` come from one source.
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/app';
import { serializeBootData, BOOT_ELEMENT_ID } from '@/shared/boot-data';
import { HeadMarkup } from '@/app/document-head';
import { PageRoute } from '@/app/routes';
import { preloadAllBlocks } from '@/app/lazy-blocks';
import { preloadCatalogs } from '@/i18n/catalogs';
import { serverCartSource } from '@/features/shop/cart/server-cart';
import type { ServerBundle } from '@/shared/server-bundle';

const [catalogs] = await Promise.all([preloadCatalogs(), preloadAllBlocks()]);

/** A message in a locale, for texts the server needs outside React (error page titles). */
export const translate: ServerBundle['translate'] = (locale, id, values) => catalogs[locale]._(id, values);

export const render: ServerBundle['render'] = async ({ url, basename, payload, publicConfig }) => {
  const i18n = catalogs[payload.locale];
  const html = renderToString(
    <StrictMode>
      <AppProviders i18n={i18n} site={{ locale: payload.locale, basename }} cart={serverCartSource(payload.locale)}>
        <StaticRouter location={new URL(url).pathname + new URL(url).search} basename={basename || '/'}>
          <PageRoute initial={payload} />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return {
    lang: payload.head.lang,
    head: renderToStaticMarkup(<HeadMarkup head={payload.head} />),
    html,
    data: `<script type="application/json" id="${BOOT_ELEMENT_ID}">${serializeBootData({ basename, payload, ...(publicConfig ? { publicConfig } : {}) })}</script>`,
  };
};
