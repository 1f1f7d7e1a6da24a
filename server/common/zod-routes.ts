/**
 * Routes with zod schemas (decision 008). A route module calls this on the instance it is
 * given, so that it works wherever it is registered (the app, or a bare Fastify in a
 * test): the zod validator compiler is set on that instance's context (the same one both
 * app.ts files set), and the returned instance types `request.query`/`request.body` from
 * the route schemas, and each handler's answer from the `response` schema of its
 * contract (src/shared/api, `routeSchema`).
 *
 * Answers are written with plain JSON.stringify: the response schema is checked by the
 * compiler, not at run time, so that a good answer never turns into a 500.
 */
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

export function zodRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  return app.withTypeProvider<ZodTypeProvider>();
}
