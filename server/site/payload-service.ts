/**
 * Builds the payload of a page: layout and page from the origin, the status code, the
 * head. The HTML render and `_payload.json` both come from here (DESIGN §3).
 */
import type { Layout, Page } from '#shared/content-schema';
import type { HeadData } from '#shared/head';
import { LOCALE_INFO, LOCALES, slugToPath, type Locale } from '#shared/locales';
import { isValidContentPath } from '#shared/path-rules';
import type { PagePayload, PayloadError } from '#shared/payload';
import { OriginError, type OriginClient } from './origin-client';
import type { SiteUrls } from './site-urls';
import { structuredData } from './structured-data';

export type Translate = (locale: Locale, id: string, values?: Record<string, unknown>) => string;

export interface PayloadRequest {
  locale: Locale;
  preview: boolean;
  localPath: string;
  displayPath: string;
  urls: SiteUrls;
}

const BRAND = 'St1';
/** The share image of pages without their own (public/images/og-default.png, 1200×630). */
const DEFAULT_OG_IMAGE = '/images/og-default.png';

function ogLocale(locale: Locale): string {
  return LOCALE_INFO[locale].htmlLang.replace('-', '_');
}

/** Every locale's landing page: where the locale switcher leads when a page has no version there. */
function landings(urls: SiteUrls): HeadData['landings'] {
  return LOCALES.map((code) => ({ hreflang: LOCALE_INFO[code].htmlLang, href: urls.absolute(code, '/') }));
}

function pageHead(page: Page, request: PayloadRequest, layout: Layout | null, translate: Translate): HeadData {
  const { content } = page;
  const canonical = request.urls.absolute(request.locale, slugToPath(content.slug));
  const alternates = LOCALES.flatMap((locale) => {
    const path = page.localizedPagePaths[locale];
    return path ? [{ hreflang: LOCALE_INFO[locale].htmlLang, href: request.urls.absolute(locale, path) }] : [];
  });
  const fallback = page.localizedPagePaths['fi-FI'];
  if (fallback) alternates.push({ hreflang: 'x-default', href: request.urls.absolute('fi-FI', fallback) });
  const image = content.openGraphImage?.src ?? content.image?.src ?? DEFAULT_OG_IMAGE;
  return {
    lang: LOCALE_INFO[request.locale].htmlLang,
    title: content.slug === 'landing' ? content.title : `${content.title} | ${BRAND}`,
    description: content.description,
    canonical,
    alternates,
    landings: landings(request.urls),
    robots: content.noIndex || request.preview ? 'noindex' : null,
    openGraph: {
      title: content.openGraphTitle ?? content.title,
      description: content.openGraphDescription ?? content.description,
      url: canonical,
      image: new URL(image, request.urls.absolute(request.locale, '/')).href,
      locale: ogLocale(request.locale),
    },
    jsonLd: structuredData({
      page,
      layout,
      locale: request.locale,
      urls: request.urls,
      homeName: translate(request.locale, 'nav.home'),
      locatorName: translate(request.locale, 'nav.stationLocator'),
    }),
  };
}

function errorHead(error: PayloadError, locale: Locale, urls: SiteUrls, translate: Translate): HeadData {
  const message = translate(locale, `httpMessages.${error.statusName}`);
  return {
    lang: LOCALE_INFO[locale].htmlLang,
    title: `${error.status} ${message} | ${BRAND}`,
    description: message,
    canonical: null,
    // The locale switcher of an error page leads to the other locales' front pages.
    alternates: LOCALES.map((code) => ({ hreflang: LOCALE_INFO[code].htmlLang, href: urls.absolute(code, '/') })),
    landings: landings(urls),
    robots: 'noindex',
    openGraph: {
      title: message,
      description: message,
      url: null,
      image: new URL(DEFAULT_OG_IMAGE, urls.absolute(locale, '/')).href,
      locale: ogLocale(locale),
    },
  };
}

export function createPayloadService(deps: { origin: OriginClient; buildId: string; translate: Translate }) {
  function errorPayload(request: PayloadRequest, error: PayloadError, layout: PagePayload['layout']): PagePayload {
    return {
      locale: request.locale,
      buildId: deps.buildId,
      preview: request.preview,
      layout,
      page: null,
      error,
      head: errorHead(error, request.locale, request.urls, deps.translate),
    };
  }

  return {
    errorPayload,

    async build(request: PayloadRequest): Promise<{ status: number; payload: PagePayload }> {
      const path = request.displayPath;
      const valid = isValidContentPath(request.localPath);
      const [layoutResult, pageResult] = await Promise.allSettled([
        deps.origin.layout(request.locale),
        valid ? deps.origin.page(request.locale, request.localPath, request.preview) : Promise.resolve(null),
      ]);
      const layout = layoutResult.status === 'fulfilled' ? layoutResult.value : null;
      const serverError: PayloadError = { status: 500, statusName: 'INTERNAL_SERVER_ERROR', path, reason: 'server' };

      // Page and layout failures are fatal (spec §4, §8).
      if (layoutResult.status === 'rejected') return { status: 500, payload: errorPayload(request, serverError, null) };
      if (!valid) {
        const error: PayloadError = { status: 404, statusName: 'NOT_FOUND', path, reason: 'validation' };
        return { status: 404, payload: errorPayload(request, error, layout) };
      }
      if (pageResult.status === 'rejected') {
        const failure = pageResult.reason as unknown;
        if (failure instanceof OriginError && failure.status === 404) {
          const error: PayloadError = { status: 404, statusName: 'NOT_FOUND', path, reason: 'unknownRoute' };
          return { status: 404, payload: errorPayload(request, error, layout) };
        }
        return { status: 500, payload: errorPayload(request, serverError, layout) };
      }
      const page = pageResult.value as Page;
      return {
        status: 200,
        payload: {
          locale: request.locale,
          buildId: deps.buildId,
          preview: request.preview,
          layout,
          page,
          error: null,
          head: pageHead(page, request, layout, deps.translate),
        },
      };
    },
  };
}

export type PayloadService = ReturnType<typeof createPayloadService>;
