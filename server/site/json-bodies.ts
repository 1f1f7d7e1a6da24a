/**
 * Request bodies of the site server's APIs are JSON only. Content-type parsers are
 * scoped to the plugin that registers them (Fastify encapsulation), so each API plugin
 * calls this once.
 */
import type { FastifyInstance } from 'fastify';
import { containsNul, nulRefusal } from '../common/nul-characters';
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
 * JSON bodies up to `bodyLimit` bytes; any other body, JSON that does not parse, JSON
 * nested deeper than MAX_JSON_DEPTH, or a string with NUL (nul-characters.ts) is a 400.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) {
      return done(
        new HttpError(400, 'BAD_REQUEST', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(malformedJsonBodyError(), undefined);
    }
    // A NUL can only come as the escape \u0000 (JSON refuses raw control characters), so
    // only such a text is walked.
    if (/\\u0000/i.test(text) && containsNul(parsed)) return done(nulRefusal(), undefined);
    done(null, parsed);
  });
  app.addContentTypeParser('*', (_request, _payload, done) => done(notJsonBodyError(), undefined));
}
