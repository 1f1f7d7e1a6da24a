/**
 * Builds the payload of a page: layout and page from the origin, the status code, the
 * head. The HTML render and `_payload.json` both come from here (DESIGN §3).
 *
 * One origin request per page (`view`): the page and the layout's version, the layout
 * itself only when it changed. The layout of each locale is kept here and revalidated by
 * that version with every page, so it is neither sent nor checked again while it stays the same.
 */
import { cmsDatesOf } from '#shared/cms-date';
import type { Layout, Page, PageView } from '#shared/content-schema';
import { BRAND, type HeadData } from '#shared/head';
import { LOCALE_INFO, LOCALES, slugToPath, type Locale } from '#shared/locales';
import { isValidContentPath } from '#shared/path-rules';
import type { PagePayload, PayloadError } from '#shared/payload';
import { ApiError } from '#shared/api/errors';
import type { OriginClient } from './origin-client';
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

/** The share image of pages without their own (public/images/og-default.png, 1200×630). */
const DEFAULT_OG_IMAGE = '/images/og-default.png';
/** What the default share image shows: the brand's logo. */
const DEFAULT_OG_IMAGE_ALT = `${BRAND} logo`;

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
  const asset = content.openGraphImage ?? content.image ?? null;
  const image = asset?.src ?? DEFAULT_OG_IMAGE;
  // A decorative image has no alt text of its own; a preview still says what it belongs to.
  const imageAlt = asset ? asset.alt || content.title : DEFAULT_OG_IMAGE_ALT;
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
      imageAlt,
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
      imageAlt: DEFAULT_OG_IMAGE_ALT,
      locale: ogLocale(locale),
    },
  };
}

export function createPayloadService(deps: { origin: OriginClient; buildId: string; translate: Translate }) {
  /** The layout of each locale as last sent by the origin, by version. */
  const layouts = new Map<Locale, { version: string; layout: Layout }>();

  function askView(request: PayloadRequest, valid: boolean, layoutVersion: string | undefined): Promise<PageView> {
    return deps.origin.view(request.locale, valid ? request.localPath : null, request.preview, layoutVersion);
  }

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
      const serverError: PayloadError = { status: 500, statusName: 'INTERNAL_SERVER_ERROR', path, reason: 'server' };
      const known = layouts.get(request.locale);
      let view: PageView;
      let layout: Layout;
      try {
        view = await askView(request, valid, known?.version);
        let kept = view.layout.value ?? (known?.version === view.layout.version ? known.layout : undefined);
        // The origin took our version for current, but we no longer hold that layout: ask again for it.
        if (!kept) {
          view = await askView(request, valid, undefined);
          kept = view.layout.value;
        }
        if (!kept) throw new ApiError(502, 'BAD_GATEWAY', 'The origin sent no layout to a request without a version');
        layout = kept;
        if (view.layout.value) layouts.set(request.locale, { version: view.layout.version, layout });
      } catch {
        // Page and layout failures are fatal (spec §4, §8); the last layout known still frames the error.
        return { status: 500, payload: errorPayload(request, serverError, known?.layout ?? null) };
      }
      if (!valid) {
        const error: PayloadError = { status: 404, statusName: 'NOT_FOUND', path, reason: 'validation' };
        return { status: 404, payload: errorPayload(request, error, layout) };
      }
      if (!view.page) {
        const error: PayloadError = { status: 404, statusName: 'NOT_FOUND', path, reason: 'unknownRoute' };
        return { status: 404, payload: errorPayload(request, error, layout) };
      }
      const page: Page = view.page;
      const dates = cmsDatesOf(page, request.locale);
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
          ...(dates ? { dates } : {}),
        },
      };
    },
  };
}

export type PayloadService = ReturnType<typeof createPayloadService>;
