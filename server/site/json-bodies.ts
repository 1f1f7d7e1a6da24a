/**
 * Request bodies of the site server's APIs are JSON only. Content-type parsers are
 * scoped to the plugin that registers them (Fastify encapsulation), so each API plugin
 * calls this once.
 */
import type { FastifyInstance } from 'fastify';
import { malformedJsonBodyError, notJsonBodyError } from './errors';

/** JSON bodies up to `bodyLimit` bytes; any other body, or JSON that does not parse, is a 400. */
export function acceptJsonBodiesOnly(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(malformedJsonBodyError(), undefined);
    }
  });
  app.addContentTypeParser('*', (_request, _payload, done) => done(notJsonBodyError(), undefined));
}
