/**
 * Security headers: a CSP with no inline script at all (hydration data is a JSON
 * script, which browsers do not execute), nosniff, a referrer policy, frame-ancestors,
 * and HSTS only when the request arrived over https (behind a TLS-terminating proxy).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

export const security = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The locale's tag manager, loaded only with analytics consent (src/features/consent).
        scriptSrc: ["'self'", ...TAG_MANAGER_SCRIPT_SOURCES],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...TAG_MANAGER_BEACON_SOURCES],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...TAG_MANAGER_BEACON_SOURCES],
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
});
