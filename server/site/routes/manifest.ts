/**
 * GET /manifests/{locale}.webmanifest: the web app manifest of a locale
 * (server/site/web-app-manifest.ts). Linked from every page's head by the renderer. On a
 * locale domain (domain mode) only that host's locale is served, with unprefixed paths.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isLocale, type Locale } from '#shared/locales';
import { zodRoutes } from '../../common/zod-routes';
import { QUIET_ROUTE } from '../../logging';
import { HttpError } from '../errors';
import { webAppManifest, type Translate } from '../web-app-manifest';
import { SITE_KEY } from '#shared/surrogate-keys';
import { sendPublic, weakEtag } from '../edge-cache';

export interface ManifestOptions {
  localeDomains: ReadonlyMap<string, Locale>;
  translate: Translate;
}

/** The file name's length only: which names exist is the handler's 404 (a locale, and on a locale domain only its own). */
const manifestParams = z.object({ file: z.string().max(64) });

export async function manifestRoutes(app: FastifyInstance, options: ManifestOptions) {
  zodRoutes(app).get(
    '/manifests/:file',
    {
      ...QUIET_ROUTE,
      schema: { params: manifestParams },
    },
    async (request, reply) => {
      const { file } = request.params;
      const locale = /^([A-Za-z-]+)\.webmanifest$/.exec(file)?.[1];
      if (!isLocale(locale)) throw new HttpError(404, 'NOT_FOUND', 'No such manifest');
      const hostLocale = options.localeDomains.get(request.hostname.toLowerCase());
      if (hostLocale && hostLocale !== locale) {
        throw new HttpError(404, 'NOT_FOUND', `The ${locale} manifest is served on that locale's own domain`);
      }
      const manifest = webAppManifest(locale, { domainMode: hostLocale !== undefined }, options.translate);
      const json = JSON.stringify(manifest);
      reply.header('content-type', 'application/manifest+json; charset=utf-8');
      // Revalidated by browsers on every use (names change with releases); shared caches keep
      // it until a release purges the site key.
      if (sendPublic(request, reply, { etag: weakEtag(json), keys: [SITE_KEY] })) return reply;
      return reply.send(json);
    },
  );
}
