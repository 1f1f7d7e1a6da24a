/**
 * Routes with zod schemas (decision 008). A route module calls this on the instance it is
 * given, so that it works wherever it is registered (the app, or a bare Fastify in a
 * test): the zod validator compiler is set on that instance's context (the same one both
 * app.ts files set), and the returned instance types `request.query`/`request.body` from
 * the route schemas.
 */
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

export function zodRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}
