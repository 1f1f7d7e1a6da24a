/**
 * The error and not-found handlers both servers install (decision 008), so that every
 * JSON error is `{ status, code, message }` (DESIGN §3) with the same rules:
 * - an HttpError is answered as written (its status, code, message, details, headers);
 *   a 5xx of this kind is deliberate, e.g. the site's 503 with retry-after;
 * - a failed route schema (fastify-type-provider-zod) is a 400 BAD_REQUEST whose message
 *   names each bad field;
 * - any other error under 500 keeps its status and message (Fastify's own 4xx: body too
 *   large, empty JSON body...);
 * - any other 5xx is logged and answered without its internals.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, type ApiErrorBody } from '#shared/api/errors';
import { HttpError } from './http-error';

export interface ErrorHandlerOptions {
  /** The log line of an unexpected 5xx. */
  failureLog: string;
  /** Adds cache-control: no-store to every error answer (the site's APIs, DESIGN §3). */
  noStore?: boolean;
}

type ValidationContext = NonNullable<FastifyError['validationContext']>;

const PART_NAMES: Record<ValidationContext, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'path parameters',
  headers: 'headers',
};

/** At most this many problems are listed; the first ones are enough to fix a request. */
const PROBLEMS_LISTED = 5;

/**
 * "Invalid query: since: Too small: expected number to be >=0". The part's name is the
 * route schema's description when it has one (`.describe('cart')`), so a message can say
 * what the client sent in its own words.
 */
function validationMessage(error: FastifyError, request: Pick<FastifyRequest, 'routeOptions'>): string {
  const context = error.validationContext ?? 'body';
  const schema = (request.routeOptions.schema as Record<string, { description?: unknown } | undefined> | undefined)?.[
    context
  ];
  const part = typeof schema?.description === 'string' ? schema.description : PART_NAMES[context];
  const problems = (error.validation ?? []).slice(0, PROBLEMS_LISTED).map((issue) => {
    const keys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys))
      return `unknown ${context === 'body' ? 'field' : 'parameter'} ${keys.join(', ')}`;
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field === '' ? (issue.message ?? 'invalid') : `${field}: ${issue.message ?? 'invalid'}`;
  });
  return `Invalid ${part}: ${problems.join('; ')}`.slice(0, 1000);
}

/** What an error is answered with: the status, the JSON body and extra headers. */
function errorAnswer(
  error: unknown,
  request: Pick<FastifyRequest, 'routeOptions'>,
): { status: number; body: ApiErrorBody; headers: Readonly<Record<string, string>>; unexpected: boolean } {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: errorBody(error.status, error.code, error.message, error.details),
      headers: error.headers,
      unexpected: false,
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    const message = validationMessage(fastifyError as FastifyError, request);
    return { status: 400, body: errorBody(400, 'BAD_REQUEST', message), headers: {}, unexpected: false };
  }
  const statusCode = fastifyError.statusCode;
  const status = typeof statusCode === 'number' && statusCode >= 400 && statusCode <= 599 ? statusCode : 500;
  if (status < 500) {
    const message = String(fastifyError.message ?? 'Bad request');
    return { status, body: errorBody(status, 'BAD_REQUEST', message), headers: {}, unexpected: false };
  }
  // 5xx bodies never carry internals (stack, SQL, paths): the log has them.
  return {
    status,
    body: errorBody(status, 'INTERNAL_SERVER_ERROR', 'Internal server error'),
    headers: {},
    unexpected: true,
  };
}

/** The `setErrorHandler` of a server. */
export function createErrorHandler(options: ErrorHandlerOptions) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    if (answer.unexpected) request.log.error({ err: error }, options.failureLog);
    reply.headers(answer.headers);
    if (options.noStore) reply.header('cache-control', 'no-store');
    return reply.status(answer.status).send(answer.body);
  };
}

/** The `setNotFoundHandler` of a server: a JSON 404 naming the unknown endpoint. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send(
      errorBody(404, 'NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`),
    );
}
