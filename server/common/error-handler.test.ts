import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createErrorHandler, notFoundHandler } from './error-handler';
import { HttpError } from './http-error';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server with the shared handlers and one route of each kind of failure. */
function server(options: { noStore?: boolean } = {}) {
  const logged: string[] = [];
  const fastify = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => void logged.push(JSON.parse(line).msg as string) },
    },
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setErrorHandler(createErrorHandler({ failureLog: 'probe failed', ...options }));
  fastify.setNotFoundHandler(notFoundHandler);
  const api = fastify.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/order',
    { schema: { body: z.object({ items: z.array(z.object({ quantity: z.number().int().min(1) })) }) } },
    async (request) => ({ lines: request.body.items.length }),
  );
  api.get(
    '/image',
    {
      schema: {
        querystring: z
          .object({ w: z.string().regex(/^\d+$/) })
          .strict()
          .describe('image parameters'),
      },
    },
    async (request) => ({ w: request.query.w }),
  );
  api.get('/unavailable', async () => {
    throw new HttpError(503, 'ORIGIN_UNAVAILABLE', 'The origin is not reachable', {
      headers: { 'retry-after': '5' },
    });
  });
  api.get('/form', async () => {
    throw new HttpError(400, 'VALIDATION_FAILED', 'Some fields are not valid', {
      details: { fields: { email: { id: 'validation.email' } } },
    });
  });
  api.get('/crash', async () => {
    throw new Error('SQLITE_ERROR: no such table: secret_table at /srv/app/db.ts:12');
  });
  api.get('/too-large', async () => {
    throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
  });
  app = fastify;
  return { app: fastify, logged };
}

describe('shared error handler (server/common/error-handler.ts)', () => {
  it('answers a failed body schema with a 400 BAD_REQUEST naming the field', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/order',
      payload: { items: [{ quantity: 0 }] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(body.message).toMatch(/^Invalid request body: items\.0\.quantity: /);
  });

  it("names the part by the schema's description and lists unknown parameters", async () => {
    const response = await server().app.inject({ method: 'GET', url: '/image?w=x1&zoom=2' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid image parameters: /);
    expect(response.json().message).toMatch(/unknown parameter zoom/);
    expect(response.json().message).toMatch(/w: /);
  });

  it('passes a valid request to the handler with the parsed values', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/order',
      payload: { items: [{ quantity: 2 }] },
    });
    expect(response.json()).toEqual({ lines: 1 });
  });

  it('answers a deliberate 5xx HttpError as written, with its headers', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 503,
      code: 'ORIGIN_UNAVAILABLE',
      message: 'The origin is not reachable',
    });
  });

  it('keeps the details of an HttpError (the fields of a form error)', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/form' });
    expect(response.json()).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid',
      fields: { email: { id: 'validation.email' } },
    });
  });

  it('hides the internals of an unexpected error and logs it', async () => {
    const { app: probe, logged } = server();
    const response = await probe.inject({ method: 'GET', url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
    expect(response.body).not.toMatch(/SQLITE|secret_table|\/srv/);
    expect(logged).toContain('probe failed');
  });

  it("keeps the status and message of another 4xx (Fastify's own)", async () => {
    const response = await server().app.inject({ method: 'GET', url: '/too-large' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 413, code: 'BAD_REQUEST', message: 'Request body is too large' });
  });

  it('marks every error no-store only when asked (the site server)', async () => {
    const origin = await server().app.inject({ method: 'GET', url: '/crash' });
    expect(origin.headers['cache-control']).toBeUndefined();
    await app?.close();
    const site = await server({ noStore: true }).app.inject({ method: 'GET', url: '/form' });
    expect(site.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown endpoint with a JSON 404 naming it', async () => {
    const response = await server().app.inject({ method: 'DELETE', url: '/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'No such endpoint: DELETE /nothing' });
  });
});
