/**
 * The documents a page request is answered with: a rendered page, and the error pages the
 * site server decides on before the origin has a say (a bad address, a refused preview).
 * Built once, before the Fastify app, because Fastify's own bad-URL answer (frameworkErrors
 * in app.ts) sends the same 400 page as the page route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import type { PagePayload, PayloadError } from '#shared/payload';
import type { SiteConfig } from './config';
import type { OriginClient } from './origin-client';
import type { PayloadRequest, PayloadService } from './payload-service';
import { publicBase } from './public-urls';
import type { Renderer } from './renderer';
import { PRIVATE_NO_STORE, sendPublic, weakEtag } from './edge-cache';
import { createSiteUrls, type SiteUrls } from './site-urls';
import { sendEncoded, type EncodedCopies } from './encoded-bodies';

export interface PageDocumentsDeps {
  config: SiteConfig;
  payloads: PayloadService;
  renderer: Renderer;
  origin: OriginClient;
}

/** A payload and, once rendered, its HTML: a render-cache entry keeps the HTML for the next request. */
export interface RenderedPage {
  status: number;
  payload: PagePayload;
  /**
   * The document as UTF-8 bytes: encoded once, where a string would be measured for its
   * Content-Length and then encoded again on the socket (each a pass over 30 KB).
   */
  html?: Buffer;
  /** The weak ETag of `html`, kept with it. */
  etag?: string;
  /** `_payload.json`'s text and ETag, kept like the HTML. */
  json?: string;
  jsonEtag?: string;
  /** The HTML and `_payload.json` compressed, each encoding once (encoded-bodies.ts). */
  encodedHtml?: EncodedCopies;
  jsonBytes?: Buffer;
  encodedJson?: EncodedCopies;
}

export interface DocumentOptions {
  /** The basename the router renders under (a locale prefix, or '' on a locale domain). */
  basename: string;
  /** The path and query the router renders; the request's path when absent. */
  renderPath?: string;
  /** The surrogate keys of an answer a shared cache may keep (page-cache.ts); absent: it may not. */
  shareKeys?: readonly string[];
}

/** Where an error page stands: its locale and the paths it names. */
type ErrorPlace = Pick<PayloadRequest, 'locale' | 'localPath' | 'displayPath'>;

export function createPageDocuments({ config, payloads, renderer, origin }: PageDocumentsDeps) {
  /** Absolute URLs in pages come from the configuration, never from the Host header. */
  const urlsFor = (request: FastifyRequest): SiteUrls => createSiteUrls(config, request);
  /** What a document is built on besides its payload (which names the build): the public configuration. */
  const documentBasis = `document ${JSON.stringify(config.publicConfig ?? null)}`;

  /** Renders the page (or takes the HTML a cache entry already holds) and sends it. */
  async function sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    page: RenderedPage,
    options: DocumentOptions,
  ) {
    const { payload } = page;
    const html =
      page.html ??
      Buffer.from(
        await renderer.renderDocument({
          // The router reads only the path and query of this URL.
          url: `${publicBase(config, request, payload.locale).origin}${options.renderPath ?? request.url.split('?')[0]}`,
          basename: options.basename,
          payload,
          publicConfig: config.publicConfig,
        }),
      );
    page.html = html;
    reply.status(page.status).header('content-type', 'text/html; charset=utf-8');
    if (options.shareKeys) {
      // Weak: two renders of one payload differ only in the time they were made (hydration
      // reads it), so the tag names the payload and the configuration the page is built on,
      // and a browser's copy stays valid across renders until the content changes.
      page.etag ??= weakEtag(`${documentBasis}\n${(page.json ??= JSON.stringify(payload))}`);
      if (sendPublic(request, reply, { etag: page.etag, keys: options.shareKeys })) return reply;
    } else reply.header('cache-control', payload.preview ? PRIVATE_NO_STORE : 'no-cache');
    return sendEncoded(request, reply, html, (page.encodedHtml ??= {}));
  }

  /** The payload of an error page, inside the locale's layout when the origin gives it. */
  async function errorPage(request: FastifyRequest, place: ErrorPlace, error: PayloadError): Promise<RenderedPage> {
    const layout = await origin.layout(place.locale).catch(() => null);
    const payload = payloads.errorPayload({ ...place, preview: false, urls: urlsFor(request) }, error, layout);
    return { status: error.status, payload };
  }

  /** A 400/414 answer as a real error page, in the locale the address seems to be in. */
  async function sendBadRequest(request: FastifyRequest, reply: FastifyReply, status: 400 | 414, locale: Locale) {
    const path = request.url.slice(0, 200);
    const statusName = status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST';
    const page = await errorPage(
      request,
      { locale, localPath: '/', displayPath: path },
      { status, statusName, path, reason: 'badRequest' },
    );
    // The address itself is unusable, so the error page renders at the locale's root.
    const domainMode = config.localeDomains.has(request.hostname.toLowerCase());
    const basename = domainMode ? '' : LOCALE_INFO[locale].prefix;
    return sendDocument(request, reply, page, { basename, renderPath: basename || '/' });
  }

  /** A preview without the editors' token: the 404 page, as if the draft did not exist. */
  async function sendPreviewRefused(
    request: FastifyRequest,
    reply: FastifyReply,
    place: ErrorPlace & { basename: string; payloadJson: boolean },
  ) {
    const page = await errorPage(request, place, {
      status: 404,
      statusName: 'NOT_FOUND',
      path: place.displayPath,
      reason: 'unknownRoute',
    });
    reply.header('cache-control', PRIVATE_NO_STORE);
    if (place.payloadJson) {
      return reply.status(404).type('application/json; charset=utf-8').send(JSON.stringify(page.payload));
    }
    return sendDocument(request, reply, page, { basename: place.basename });
  }

  return { urlsFor, sendDocument, sendBadRequest, sendPreviewRefused };
}

export type PageDocuments = ReturnType<typeof createPageDocuments>;
