/**
 * Request bodies of the site server's APIs are JSON only. Content-type parsers are
 * scoped to the plugin that registers them (Fastify encapsulation), so each API plugin
 * calls this once.
 */
import type { FastifyInstance } from 'fastify';
import { malformedJsonBodyError, notJsonBodyError, HttpError } from './errors';

/**
 * No body of ours nests deeper than a few levels. A deeper one is refused before anything
 * walks it: serialising or validating thousands of levels recursively overflows the stack.
 */
const MAX_JSON_DEPTH = 32;

/** How deeply a JSON text nests its arrays and objects, stopping early past `limit`. */
function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies up to `bodyLimit` bytes; any other body, JSON that does not parse, or JSON
 * nested deeper than MAX_JSON_DEPTH is a 400.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = body as string;
    if (text === '') return done(null, undefined);
    if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) {
      return done(
        new HttpError(400, 'BAD_REQUEST', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
    }
    try {
      const parsed: unknown = JSON.parse(text);
      done(null, parsed);
    } catch {
      done(malformedJsonBodyError(), undefined);
    }
  });
  app.addContentTypeParser('*', (_request, _payload, done) => done(notJsonBodyError(), undefined));
}
