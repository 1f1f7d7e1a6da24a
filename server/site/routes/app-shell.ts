/**
 * GET /_app-shell/{locale}: the app-shell document of a locale (docs/pwa.md "Offline").
 * The service worker keeps one per locale and answers with it for a page it has never
 * saved; the browser then builds that page on the device (a station page from the stored
 * station list, else the offline notice inside the normal header and footer). The
 * document is the locale's layout around an empty page, with the router basename of the
 * host it is served on (the locale prefix, or none on a locale domain).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import { APP_SHELL_PATH } from '#shared/service-worker-protocol';
import type { PublicConfig } from '#shared/boot-data';
import { zodRoutes } from '../../common/zod-routes';
import { QUIET_ROUTE } from '../../logging';
import { HttpError } from '../errors';
import type { OriginClient } from '../origin-client';
import type { Renderer } from '../renderer';

export interface AppShellOptions {
  localeDomains: ReadonlyMap<string, Locale>;
  renderer: Renderer;
  origin: OriginClient;
  publicConfig: PublicConfig;
}

const shellParams = z.object({ locale: z.enum(LOCALES) });

function appShellPayload(locale: Locale, layout: PagePayload['layout'], renderer: Renderer): PagePayload {
  const title = renderer.translate(locale, 'app.offline.documentTitle');
  const htmlLang = LOCALE_INFO[locale].htmlLang;
  return {
    locale,
    buildId: renderer.buildId,
    preview: false,
    layout,
    page: null,
    error: null,
    offline: { kind: 'shell' },
    head: {
      lang: htmlLang,
      title,
      description: '',
      canonical: null,
      alternates: [],
      robots: 'noindex',
      openGraph: { title, description: '', url: null, image: null, locale: htmlLang.replace('-', '_') },
    },
  };
}

export async function appShellRoutes(app: FastifyInstance, options: AppShellOptions) {
  zodRoutes(app).get(
    `${APP_SHELL_PATH}/:locale`,
    { ...QUIET_ROUTE, schema: { params: shellParams } },
    async (request, reply) => {
      const { locale } = request.params;
      const hostLocale = options.localeDomains.get(request.hostname.toLowerCase());
      if (hostLocale && hostLocale !== locale) {
        throw new HttpError(404, 'NOT_FOUND', `The ${locale} app shell is served on that locale's own domain`);
      }
      // Without the origin the shell is not worth keeping: a 503 is never stored.
      const layout = await options.origin.layout(locale).catch(() => null);
      if (!layout) throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The layout could not be loaded');
      const basename = hostLocale ? '' : LOCALE_INFO[locale].prefix;
      const html = await options.renderer.renderDocument({
        url: `http://localhost${basename || '/'}`,
        basename,
        payload: appShellPayload(locale, layout, options.renderer),
        publicConfig: options.publicConfig,
      });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex')
        .send(html);
    },
  );
}
