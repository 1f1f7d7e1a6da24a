import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEncoded, type EncodedCopies } from './encoded-bodies';

const page = Buffer.from(`<!doctype html><title>Yrityksille</title>${'<p>Asema ja hinnat.</p>'.repeat(400)}`);
const small = Buffer.from('<p>lyhyt</p>');

describe('a cached body sent compressed', () => {
  const app = Fastify();
  const copies: EncodedCopies = {};
  beforeAll(async () => {
    // As app.ts registers it: what sendEncoded sends must pass the plugin untouched.
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    app.get('/page', (request, reply) => sendEncoded(request, reply.type('text/html'), page, copies));
    app.get('/small', (request, reply) => sendEncoded(request, reply.type('text/html'), small, {}));
    app.get('/root', (request, reply) =>
      sendEncoded(request, reply.type('text/html').header('vary', 'Cookie, Accept-Language'), page, {}),
    );
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('chooses as the plugin does: br before gzip on equal weights, * and x-gzip as gzip, none for identity', async () => {
    const chosen = async (header?: string) => (await get('/page', header)).headers['content-encoding'];
    expect(await chosen('gzip, deflate, br, zstd')).toBe('br');
    expect(await chosen('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await chosen('gzip, deflate')).toBe('gzip');
    expect(await chosen('x-gzip')).toBe('gzip');
    expect(await chosen('*')).toBe('gzip');
    expect(await chosen('identity')).toBeUndefined();
    expect(await chosen(undefined)).toBeUndefined();
  });

  it('decodes to the same bytes in each encoding, with the length of what is sent', async () => {
    const br = await get('/page', 'br');
    const gzip = await get('/page', 'gzip');
    const plain = await get('/page');
    expect(brotliDecompressSync(br.rawPayload).equals(page)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(page)).toBe(true);
    expect(plain.rawPayload.equals(page)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(page.length / 5);
  });

  it('compresses once per encoding and sends the kept copy after that', async () => {
    await get('/page', 'br');
    const kept = copies.br;
    expect(kept).toBeInstanceOf(Buffer);
    const again = await get('/page', 'gzip, br');
    expect(copies.br).toBe(kept);
    expect(again.rawPayload.equals(kept!)).toBe(true);
  });

  it('varies on Accept-Encoding, keeping the Vary already set, also when sent as it is', async () => {
    expect((await get('/root', 'br')).headers.vary).toBe('Cookie, Accept-Language, accept-encoding');
    expect((await get('/page')).headers.vary).toBe('accept-encoding');
  });

  it('sends a body under the threshold as it is', async () => {
    const answer = await get('/small', 'br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.rawPayload.equals(small)).toBe(true);
  });
});
