/**
 * Server render: the site server gives the payload it already loaded from the origin;
 * the route loader hands it back, so the HTML and `_payload.json` come from one source.
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/app';
import { serializeBootData, BOOT_ELEMENT_ID, type PublicConfig } from '@/shared/boot-data';
import { HeadMarkup } from '@/app/document-head';
import { PageRoute } from '@/app/routes';
import { preloadAllBlocks } from '@/app/lazy-blocks';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { Locale } from '@/shared/locales';
import type { PagePayload } from '@/shared/payload';

export interface RenderInput {
  /** Absolute URL of the request (only its path is used by the router). */
  url: string;
  basename: string;
  payload: PagePayload;
  /** What the browser may know of the site configuration (boot-data.ts). */
  publicConfig?: PublicConfig;
}

export interface RenderResult {
  lang: string;
  head: string;
  html: string;
  data: string;
}

const [catalogs] = await Promise.all([preloadCatalogs(), preloadAllBlocks()]);

/** A message in a locale, for texts the server needs outside React (error page titles). */
export function translate(locale: Locale, id: string, values?: Record<string, unknown>): string {
  return catalogs[locale]._(id, values);
}

export async function render({ url, basename, payload, publicConfig }: RenderInput): Promise<RenderResult> {
  const i18n = catalogs[payload.locale];
  const html = renderToString(
    <StrictMode>
      <AppProviders i18n={i18n} site={{ locale: payload.locale, basename }}>
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
}
