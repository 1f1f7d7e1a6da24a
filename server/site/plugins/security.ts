/**
 * Security headers: a CSP with no inline script at all (hydration data is a JSON
 * script, which browsers do not execute), nosniff, a referrer policy, frame-ancestors,
 * a Permissions-Policy, and HSTS only when the request arrived over https (behind a
 * TLS-terminating proxy).
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Google Tag Manager and the Google tags it loads: scripts from googletagmanager.com,
 * measurement hits to the Google Analytics hosts (Google's CSP guide for tag manager:
 * https://developers.google.com/tag-platform/security/guides/csp).
 */
const TAG_MANAGER_SCRIPT_SOURCES = ['https://www.googletagmanager.com'];
const TAG_MANAGER_BEACON_SOURCES = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * The Google Maps JavaScript API of the station locator (docs/stations.md): its loader
 * script and library scripts, tiles and marker images, and its API calls. Hosts from
 * Google's CSP guide for the Maps JavaScript API
 * (https://developers.google.com/maps/documentation/javascript/content-security-policy).
 */
const MAPS_SCRIPT_SOURCES = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
const MAPS_IMAGE_SOURCES = [
  'https://*.googleapis.com',
  'https://*.gstatic.com',
  'https://*.google.com',
  'https://*.ggpht.com',
];
const MAPS_CONNECT_SOURCES = ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'];

/**
 * Browser features the site uses, for this origin only: the station locator asks for the
 * visitor's position (docs/stations.md), CMS videos autoplay muted (src/ui/cms-video.tsx)
 * and may go full screen from their controls. Every other powerful feature is denied, to
 * this document and to any frame or script it loads (docs/operations.md "Headers").
 * Helmet dropped its Permissions-Policy support, hence the plain header.
 */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'autoplay=(self)',
  'fullscreen=(self)',
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** One set of helmet options, for the plugin and for the answers that skip every hook. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The locale's tag manager, loaded only with analytics consent (src/features/consent).
      scriptSrc: ["'self'", ...TAG_MANAGER_SCRIPT_SOURCES, ...MAPS_SCRIPT_SOURCES],
      styleSrc: ["'self'", 'https://fonts.googleapis.com'],
      imgSrc: ["'self'", 'data:', ...TAG_MANAGER_BEACON_SOURCES, ...MAPS_IMAGE_SOURCES],
      fontSrc: ["'self'", 'https://fonts.gstatic.com'],
      connectSrc: ["'self'", ...TAG_MANAGER_BEACON_SOURCES, ...MAPS_CONNECT_SOURCES],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  hsts: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
} satisfies HelmetOptions;

/** The headers helmet does not set: the Permissions-Policy, and HSTS over https. */
function addPolicyHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

const applyHelmet = helmet(HELMET_OPTIONS);

/**
 * Every security header, for an answer that no hook sees: Fastify's `frameworkErrors`
 * (a malformed percent-encoding such as `/%ff`) builds a bare request and reply outside
 * the plugin tree, so neither @fastify/helmet's onRequest nor the onSend below runs.
 */
export function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  applyHelmet(request.raw, reply.raw, () => undefined);
  addPolicyHeaders(request, reply);
}

export const security = fp(async (app: FastifyInstance) => {
  await app.register(fastifyHelmet, HELMET_OPTIONS);
  app.addHook('onSend', async (request, reply) => addPolicyHeaders(request, reply));
});
