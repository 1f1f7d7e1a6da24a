/**
 * Compressed copies of a page's body, made once per render-cache entry and kept with it.
 *
 * @fastify/compress (app.ts) compresses every answer as it is sent. For a page the render
 * cache already holds, that compression was about four fifths of the request's cost: one
 * site server answered a cached page 6,000–7,300 times a second without Accept-Encoding
 * and 1,200–1,500 times with `gzip` or `br` (autocannon, 4 connections). Requests that
 * pass a shared cache (a customer's session, docs/operations.md "A cache in front") are
 * exactly those, so each cached entry now carries its encoded bytes: the first request for
 * an encoding compresses, the others send the same bytes. The settings are the plugin's
 * (brotli quality 4, gzip's default level), and an answer that already carries
 * Content-Encoding passes the plugin untouched.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';

type BodyEncoding = 'br' | 'gzip';

/** Preferred first, as the plugin's `encodings` in app.ts. */
const ENCODINGS: readonly BodyEncoding[] = ['br', 'gzip'];
/** The plugin's `threshold`: a smaller body is sent as it is. */
const MIN_BYTES = 1024;
/** Brotli quality 4: near gzip's speed, smaller output (app.ts gives the plugin the same). */
export const BROTLI_QUALITY = 4;

/** The encoded copies of one body, filled as encodings are asked for. */
export type EncodedCopies = Partial<Record<BodyEncoding, Buffer>>;

/** The plugin's own negotiator: the same choice for a cached page as for any other answer. */
const negotiator = new Negotiator<BodyEncoding | 'identity'>({ supportedValues: [...ENCODINGS, 'identity'] });

/**
 * The encoding to send `request` a compressible body in, or none (identity). As the
 * plugin: `*` and `x-gzip` count as gzip, and on equal weights the server's order wins.
 */
function negotiateEncoding(request: FastifyRequest): BodyEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const chosen = negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
  return chosen === 'identity' || chosen === null ? undefined : chosen;
}

function compress(body: Buffer, encoding: BodyEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** Adds Accept-Encoding to the answer's Vary, keeping what is there (the root path's language). */
function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((name) => name.trim());
  if (names.some((name) => name.toLowerCase() === 'accept-encoding' || name === '*')) return;
  reply.header('vary', [...names.filter(Boolean), 'accept-encoding'].join(', '));
}

/**
 * Sends `body` (the page's HTML or `_payload.json`), compressed for the request from the
 * copies in `copies` (made and kept there when missing). Headers and status are set already.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  copies: EncodedCopies,
): FastifyReply {
  if (body.length < MIN_BYTES) return reply.send(body);
  // Also when sent as it is: a shared cache must not give this copy to a client that asked for br.
  varyOnEncoding(reply);
  const encoding = negotiateEncoding(request);
  if (!encoding) return reply.send(body);
  const encoded = (copies[encoding] ??= compress(body, encoding));
  return reply.header('content-encoding', encoding).send(encoded);
}
